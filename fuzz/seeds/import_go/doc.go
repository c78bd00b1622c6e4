// Package v1 is version v1 of the widgets API, written for kapi's importer tests.
//
// +k8s:deepcopy-gen=package
// +k8s:protobuf-gen=package
// +groupName=widgets.example.com
// +groupGoName=Widgets
package v1
