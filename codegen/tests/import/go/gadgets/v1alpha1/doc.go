// +groupName=gadgets.example.com
package v1alpha1
