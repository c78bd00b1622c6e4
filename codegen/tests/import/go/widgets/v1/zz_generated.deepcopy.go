package v1

// Generated code is never read: this type must not appear in the output.
type GeneratedOnly struct {
	Field string `json:"field"`
}
