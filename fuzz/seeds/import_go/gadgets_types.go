package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	widgetsv1 "example.com/api/widgets/v1"
)

// +genclient
// +genclient:nonNamespaced
// +genclient:onlyVerbs=get,list,watch,deleteCollection
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Gadget refers to the widgets API.
//
// An example, indented as Go docs do:
//
//	kubectl get gadgets
type Gadget struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Widget is another package's struct.
	Widget widgetsv1.WidgetSpec `json:"widget"`
	// +optional
	Color *widgetsv1.Color `json:"color,omitempty"`
	// Resource is another package's named string: a string.
	// +optional
	Resource widgetsv1.ResourceName `json:"resource,omitempty"`
	// +optional
	Limits widgetsv1.ResourceList `json:"limits,omitempty"`
	// Family's zero value is unset, so its default is kept.
	// +optional
	// +default="Local"
	Family Family `json:"family,omitempty"`
	// Names without omitempty: Go writes a nil slice as null.
	// +optional
	Names []string `json:"names"`
	// Digest without omitempty: Go writes a nil []byte as null.
	Digest []byte `json:"digest"`
	// Spec is a struct: its zero value is a value, so a default cannot apply.
	// +optional
	// +default={"size":1}
	Spec widgetsv1.WidgetSpec `json:"spec,omitempty"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// GadgetList is a list: its items are [] when empty, as kube-apiserver answers.
type GadgetList struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ListMeta `json:"metadata,omitempty"`

	Items []Gadget `json:"items"`
}

// Family is an enum whose values are conversions, one of another package's constant.
// +enum
type Family string

const (
	FamilyTCP   = Family(widgetsv1.ProtocolTCP)
	FamilyLocal = Family("Local")
)

// Schema holds itself through a pointer, as apiextensions' JSONSchemaProps does: Rust needs
// a Box there.
type Schema struct {
	// +optional
	Not *Schema `json:"not,omitempty"`
	// +optional
	Items *SchemaOrArray `json:"items,omitempty"`
	// +optional
	Properties map[string]Schema `json:"properties,omitempty"`
	// A list-map key the items lack (storagemigration/v1alpha1 had one).
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []SchemaCondition `json:"conditions,omitempty"`
}

// SchemaCondition has no `type`.
type SchemaCondition struct {
	Status string `json:"status"`
}

// SchemaOrArray is a schema or a list of schemas in JSON: its own MarshalJSON says so.
type SchemaOrArray struct {
	Schema  *Schema  `json:",omitempty"`
	Schemas []Schema `json:",omitempty"`
}

// Token is a secret written as a string by its own MarshalJSON.
type Token struct {
	Value string `json:"value"`
}
