package notify

// Actions of in-app notifications (spec §3).
const (
	ActionAccepted          = "accepted"
	ActionRejected          = "rejected"
	ActionSubmitted         = "submitted"
	ActionGuidelineExpiring = "guidelineExpiring"
	ActionGuidelineExpired  = "guidelineExpired"
	ActionCommented         = "commented"
	ActionCommentAnswered   = "commentAnswered"
	ActionGuidelineNotInToc = "guidelineNotInToc"
	// ActionFeedbackReceived: a reader wrote to the authors of a guideline language.
	ActionFeedbackReceived = "feedbackReceived"
	// ActionFeedbackAnswered: a message joined a thread of feedback.
	ActionFeedbackAnswered = "feedbackAnswered"
	// ActionValidationOverdue: a request waited longer than its collection allows.
	ActionValidationOverdue = "validationOverdue"
	// ActionAcknowledgementRequired: an important change of a guideline language whose
	// acknowledgement is required from the recipient.
	ActionAcknowledgementRequired = "acknowledgementRequired"
	// ActionAcknowledgementReminder: a collection admin reminds the recipient to acknowledge.
	ActionAcknowledgementReminder = "acknowledgementReminder"
	// ActionPartlyApproved: a validator approved a request that needs further approvals
	// (to its authors, with Approvals of RequiredApprovals).
	ActionPartlyApproved = "partlyApproved"
	// ActionApprovalAwaited: a request that a validator approved waits for the recipient's
	// approval (to the collection's other validators).
	ActionApprovalAwaited = "approvalAwaited"
)

// GuidelineEvent is the job that notifies everybody concerned by something that happened to
// a guideline language. It is inserted in the transaction of the change; Key names the event
// so that running the job twice notifies nobody twice.
type GuidelineEvent struct {
	SpaceID     int64  `json:"spaceId"`
	GuidelineID int64  `json:"guidelineId"`
	Language    string `json:"language"`
	Revision    int64  `json:"revision,omitempty"`
	CommentID   int64  `json:"commentId,omitempty"`
	FeedbackID  int64  `json:"feedbackId,omitempty"`
	Action      string `json:"action"`
	SenderID    int64  `json:"senderId,omitempty"`
	// Recipients, when given, are the only people notified: the readers an acknowledgement
	// event concerns are chosen by the acknowledgements context, not by a role.
	Recipients []int64 `json:"recipients,omitempty"`
	// Approvals and RequiredApprovals count a request's approvals when one falls short of its
	// collection's minimum.
	Approvals         int    `json:"approvals,omitempty"`
	RequiredApprovals int    `json:"requiredApprovals,omitempty"`
	Key               string `json:"key"`
}

// Kind names the job.
func (GuidelineEvent) Kind() string { return "guideline_event" }
