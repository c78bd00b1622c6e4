package v1alpha1

// MarshalJSON writes a schema or an array, not the struct's fields.
func (s SchemaOrArray) MarshalJSON() ([]byte, error) {
	return nil, nil
}

// MarshalJSON writes the token as a string.
func (t Token) MarshalJSON() ([]byte, error) {
	return nil, nil
}

// OpenAPISchemaType is what kube-openapi publishes as the token's type.
func (Token) OpenAPISchemaType() []string { return []string{"string"} }

// OpenAPISchemaFormat is what kube-openapi publishes as the token's format.
func (Token) OpenAPISchemaFormat() string { return "password" }
