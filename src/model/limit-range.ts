/** The LimitRanger admission plugin's rejection (plugin/pkg/admission/limitranger/admission.go): min/max per Container/Pod/PVC, or the limit/request ratio. */
export const LIMIT_RANGE_REJECTION = /(?:maximum|minimum) \S+ usage per (?:Container|Pod|PersistentVolumeClaim) is|max limit to request ratio per (?:Container|Pod) is/;
