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
}
