package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/intstr"

	other "example.com/elsewhere/v1"
)

// +genclient
// +genclient:method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale
// +genclient:method=Evict,verb=create,subresource=eviction
// +k8s:prerelease-lifecycle-gen:introduced=1.30
// +k8s:prerelease-lifecycle-gen:deprecated=1.33
// +k8s:prerelease-lifecycle-gen:replacement=widgets.example.com,v2,Widget
// +kubebuilder:resource:shortName=wd;wdg,categories=all
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Size",type="integer",JSONPath=".spec.size",priority=1
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Widget is a thing made of parts.
type Widget struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object metadata.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`

	// Spec is what the widget should be.
	Spec WidgetSpec `json:"spec" protobuf:"bytes,2,opt,name=spec"`

	// Status is what the widget is.
	// +optional
	Status WidgetStatus `json:"status,omitempty" protobuf:"bytes,3,opt,name=status"`
}

// WidgetSpec holds every kind of field the importer translates.
// +kubebuilder:validation:XValidation:rule="!has(self.replicas) || self.replicas <= self.size",message="replicas may not exceed size",reason=FieldValueForbidden,fieldPath=".replicas"
// +kubebuilder:validation:XValidation:rule="self.size > 0",severity=Warning
type WidgetSpec struct {
	// Size of the widget, in parts.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=10
	Size int32 `json:"size" protobuf:"varint,1,opt,name=size"`

	// Replicas is how many there are.
	// +optional
	// +default=1
	Replicas *int32 `json:"replicas,omitempty" protobuf:"varint,2,opt,name=replicas"`

	// +required
	// +kubebuilder:validation:Pattern=`^[a-z]+$`
	// +kubebuilder:validation:MaxLength=63
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="name is immutable"
	Name string `json:"name" protobuf:"bytes,3,opt,name=name"`

	// +optional
	// +default="Red"
	Color *Color `json:"color,omitempty" protobuf:"bytes,4,opt,name=color,casttype=Color"`

	// +optional
	Mode Mode `json:"mode,omitempty" protobuf:"bytes,5,opt,name=mode,casttype=Mode"`

	// +optional
	// +mapType=atomic
	// +kubebuilder:default={team: core}
	Labels map[string]string `json:"labels,omitempty" protobuf:"bytes,6,rep,name=labels"`

	// +optional
	// +listType=map
	// +listMapKey=name
	// +listMapKey=protocol
	// +patchStrategy=merge
	// +patchMergeKey=name
	Ports []Port `json:"ports,omitempty" patchStrategy:"merge" patchMergeKey:"name" protobuf:"bytes,7,rep,name=ports"`

	// +optional
	// +listType=set
	// +kubebuilder:validation:MaxItems=8
	Tags []string `json:"tags,omitempty" protobuf:"bytes,8,rep,name=tags"`

	// +optional
	Data []byte `json:"data,omitempty" protobuf:"bytes,9,opt,name=data"`

	// +optional
	SecretData map[string][]byte `json:"secretData,omitempty" protobuf:"bytes,10,rep,name=secretData"`

	// +optional
	Capacity resource.Quantity `json:"capacity,omitempty" protobuf:"bytes,11,opt,name=capacity"`

	// +optional
	Limits ResourceList `json:"limits,omitempty" protobuf:"bytes,12,rep,name=limits,casttype=ResourceList,castkey=ResourceName"`

	// +optional
	MaxSurge *intstr.IntOrString `json:"maxSurge,omitempty" protobuf:"bytes,13,opt,name=maxSurge"`

	// +optional
	Timeout *metav1.Duration `json:"timeout,omitempty" protobuf:"bytes,14,opt,name=timeout"`

	// OwnerUID names the owner.
	// +optional
	OwnerUID types.UID `json:"ownerUID,omitempty" protobuf:"bytes,15,opt,name=ownerUID,casttype=k8s.io/apimachinery/pkg/types.UID"`

	// +optional
	Raw runtime.RawExtension `json:"raw,omitempty" protobuf:"bytes,16,opt,name=raw"`

	// Selector is written as null when unset.
	Selector *metav1.LabelSelector `json:"selector" protobuf:"bytes,17,opt,name=selector"`

	// Template is embedded: its fields are the spec's.
	WidgetTemplate `json:",inline" protobuf:"bytes,18,opt,name=widgetTemplate"`

	// Fancy is behind a feature gate.
	// +featureGate=WidgetFancy
	// +optional
	Fancy *bool `json:"fancy,omitempty" protobuf:"varint,19,opt,name=fancy"`

	// NewName's protobuf field kept its old name.
	// +optional
	NewName string `json:"newName,omitempty" protobuf:"bytes,20,opt,name=oldName"`

	// +optional
	Source *WidgetSource `json:"source,omitempty" protobuf:"bytes,21,opt,name=source"`

	// Phase is a named string with constants but no +enum: a string.
	// +optional
	Phase Phase `json:"phase,omitempty" protobuf:"bytes,22,opt,name=phase,casttype=Phase"`

	// +k8s:deprecated=legacyField,protobuf=23

	// +optional
	// +kubebuilder:validation:Format=date-time
	// +kubebuilder:validation:MinItems=1
	Schedule []string `json:"schedule,omitempty" protobuf:"bytes,24,rep,name=schedule"`

	// +optional
	Shape Shape `json:"shape,omitempty" protobuf:"bytes,25,opt,name=shape"`
}

// WidgetTemplate is embedded in WidgetSpec.
type WidgetTemplate struct {
	// +optional
	Image string `json:"image,omitempty" protobuf:"bytes,1,opt,name=image"`
	// +optional
	HostIPs []string `json:"hostIPs,omitempty" protobuf:"bytes,2,rep,name=hostIPs"`
}

// Port is one port of a widget.
type Port struct {
	Name     string   `json:"name" protobuf:"bytes,1,opt,name=name"`
	Protocol Protocol `json:"protocol" protobuf:"bytes,2,opt,name=protocol,casttype=Protocol"`
	// +optional
	Number int32 `json:"number,omitempty" protobuf:"varint,3,opt,name=number"`
}

// WidgetSource says where the widget comes from: exactly one of its members.
// +union
type WidgetSource struct {
	// +unionDiscriminator
	Type SourceType `json:"type" protobuf:"bytes,1,opt,name=type,casttype=SourceType"`
	// +optional
	Git *GitSource `json:"git,omitempty" protobuf:"bytes,2,opt,name=git"`
	// +optional
	Image *ImageSource `json:"image,omitempty" protobuf:"bytes,3,opt,name=image"`
}

// GitSource is a repository.
// +structType=atomic
type GitSource struct {
	URL string `json:"url" protobuf:"bytes,1,opt,name=url"`
}

// ImageSource is an image.
type ImageSource struct {
	Ref string `json:"ref" protobuf:"bytes,1,opt,name=ref"`
}

// WidgetStatus is what the widget is.
type WidgetStatus struct {
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty" protobuf:"varint,1,opt,name=observedGeneration"`
	// +optional
	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty" protobuf:"bytes,2,rep,name=conditions"`
	// +optional
	LastScaled metav1.Time `json:"lastScaled,omitempty" protobuf:"bytes,3,opt,name=lastScaled"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// WidgetList is a list of widgets.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ListMeta `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`
	Items []Widget `json:"items" protobuf:"bytes,2,rep,name=items"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// WidgetOptions is a simple kind: options of a request, without ObjectMeta.
type WidgetOptions struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	DryRun bool `json:"dryRun,omitempty" protobuf:"varint,1,opt,name=dryRun"`
}

// Color is a closed set of colors.
// +enum
type Color string

const (
	// ColorRed is red.
	ColorRed Color = "Red"
	ColorBlue Color = "Blue"
	// ColorDeepSky is written with a dash.
	ColorDeepSky Color = "deep-sky"
)

// Mode is an enum declared the kubebuilder way, with one gated value.
// +kubebuilder:validation:Enum=Fast;Slow;Turbo
type Mode string

const (
	ModeFast Mode = "Fast"
	// +featureGate=WidgetTurbo
	ModeTurbo Mode = "Turbo"
)

// Protocol is an enum whose values are upper case.
// +enum
type Protocol string

const (
	ProtocolTCP Protocol = "TCP"
	ProtocolUDP Protocol = "UDP"
)

// SourceType names a member of WidgetSource.
// +enum
type SourceType string

const (
	SourceTypeGit   SourceType = "Git"
	SourceTypeImage SourceType = "Image"
)

// Phase is not an enum: its constants are plain string constants.
type Phase string

const (
	// PhasePending is the first phase.
	PhasePending Phase = "Pending"
	PhaseReady   Phase = PhasePending + "Ready"
)

// ResourceName names a resource; not an enum.
type ResourceName string

const (
	ResourceParts ResourceName = "parts"
	ResourceDefault = ResourceParts
)

// ResourceList is written as a map wherever it is used.
type ResourceList map[ResourceName]resource.Quantity

// Shape is a type alias: written as what it stands for.
type Shape = string

// Everything below is refused with a warning.

// Gadgetry holds fields kapi cannot translate.
type Gadgetry struct {
	Callback  func() error      `json:"callback"`
	Events    chan string       `json:"events"`
	Anything  interface{}       `json:"anything"`
	Elsewhere other.Thing       `json:"elsewhere" protobuf:"bytes,1,opt,name=elsewhere"`
	Fixed     [4]int32          `json:"fixed" protobuf:"varint,2,rep,name=fixed"`
	Count     int               `json:"count" protobuf:"varint,3,opt,name=count"`
	Skipped   string            `json:"-"`
	hidden    string
	Inline    struct{ A int32 } `json:"inline" protobuf:"bytes,4,opt,name=inline"`
	// +frobnicate=yes
	// +default={"a":1}
	Marked *string `json:"marked,omitempty" protobuf:"bytes,5,opt,name=marked"`
	// +kubebuilder:validation:XValidation:rule="self.size() > 2",message="too short"
	Checked string `json:"checked" protobuf:"bytes,6,opt,name=checked"`
	// Untagged has no protobuf number in a protobuf package.
	Untagged string `json:"untagged"`
}

// Box is generic.
type Box[T any] struct {
	Value T `json:"value"`
}

// Runner is an interface.
type Runner interface {
	Run() error
}

// MaxParts is not a string constant.
const MaxParts = 1 << 4

func (w *Widget) DeepCopyObject() runtime.Object { return w }
