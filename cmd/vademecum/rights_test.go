package main

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The roles of the rights matrix, as sessions of newEnv (all in space alpha unless named).
var matrixRoles = []string{"anonymous", "outsider", "member", "collectionMember", "validator",
	"collectionAdmin", "spaceAdmin", "otherSpaceAdmin", "superAdmin"}

func (e *testEnv) session(role string) string {
	return map[string]string{"anonymous": "", "outsider": e.outsider, "member": e.alphaMember, "collectionMember": e.collMember,
		"validator": e.validator, "collectionAdmin": e.collAdmin, "spaceAdmin": e.alphaAdmin, "otherSpaceAdmin": e.betaAdmin,
		"superAdmin": e.super}[role]
}

// Who may call, as sets of matrix roles.
var (
	everyone         = matrixRoles
	signedIn         = matrixRoles[1:]
	superOnly        = []string{"superAdmin"}
	spaceMembers     = []string{"member", "collectionMember", "validator", "collectionAdmin", "spaceAdmin", "superAdmin"}
	spaceAdmins      = []string{"spaceAdmin", "superAdmin"}
	collectionAdmins = []string{"collectionAdmin", "spaceAdmin", "superAdmin"}
	collectionReader = []string{"collectionMember", "validator", "collectionAdmin", "spaceAdmin", "superAdmin"}
)

type matrixCall struct {
	path    string
	body    string
	allowed []string
	// denied is the status of a denied caller; 0 means 401 for anonymous and 403 otherwise.
	// Objects a caller may not read answer 404, so that their existence is not revealed.
	denied int
}

// TestIntegrationRightsMatrix calls every endpoint as every role in space alpha. Bodies of
// allowed mutations are refused by validation or name nothing after the policy check, so the
// matrix changes nothing.
func TestIntegrationRightsMatrix(t *testing.T) {
	e := newEnv(t)
	c := e.cardio.ID
	alpha := e.alpha.ID
	calls := []matrixCall{
		{"common/query/apiVersion", `{}`, everyone, 0},
		{"common/query/space", `{"idOrDomain":"alpha"}`, everyone, 0},
		{"common/query/landingPage", `{}`, everyone, 0},
		{"common/query/profile", `{}`, everyone, 0},
		{"common/query/navigation", `{}`, everyone, 0},
		{"common/query/user", `{"id":1}`, signedIn, 0},
		{"common/mutation/setLanguage", `{"language":"xx"}`, signedIn, 0},
		{"common/mutation/updateUser", `{"u":{"firstname":"` + strings.Repeat("x", 101) + `"}}`, signedIn, 0},
		{"common/mutation/deleteUser", `{"userId":999999}`, superOnly, 0},
		{"common/mutation/changeEmail", `{"email":"not an address","password":""}`, signedIn, 0},
		{"common/mutation/updateLandingPage", `{"spaces":[999999],"nationalSpaces":[]}`, superOnly, 0},
		{"admin/query/spaces", `{}`, superOnly, 0},
		{"admin/mutation/updateSpace", fmt.Sprintf(`{"space":{"id":%d,"title":"","subdomain":"alpha"}}`, alpha), spaceAdmins, 0},
		{"admin/mutation/deleteSpace", `{"id":999999}`, superOnly, 0},
		{"admin/query/clusters", `{}`, superOnly, 0},
		{"admin/query/consoleSpaces", `{"query":"alpha"}`, superOnly, 0},
		{"admin/query/spaceOperation", `{"id":999999}`, superOnly, 0},
		{"admin/mutation/suspendSpace", `{"id":999999}`, superOnly, 0},
		{"admin/mutation/resumeSpace", `{"id":999999}`, superOnly, 0},
		{"admin/mutation/moveSpace", `{"id":999999,"cluster":"default","placement":"schema"}`, superOnly, 0},
		{"admin/mutation/migrateSpace", `{"id":999999}`, superOnly, 0},
		{"admin/mutation/setSpaceVariable", `{"space":999999,"name":"a","value":"b"}`, superOnly, 0},
		{"admin/mutation/deleteSpaceVariable", `{"space":999999,"name":"a"}`, superOnly, 0},

		{"common/query/collection", fmt.Sprintf(`{"collectionId":%d}`, c), collectionReader, http.StatusNotFound},
		{"common/query/collections", `{}`, everyone, 0},
		{"common/query/searchUserBySpace", `{"query":"alpha"}`, spaceMembers, 0},
		{"admin/query/collections", fmt.Sprintf(`{"spaceId":%d}`, alpha), spaceAdmins, 0},
		{"admin/query/spaceStats", fmt.Sprintf(`{"spaceId":%d}`, alpha), spaceAdmins, 0},
		{"author/query/createGuidelineData", `{}`, spaceMembers, 0},
		{"author/mutation/createGuideline", `{"collection":999999,"validator":null}`, spaceMembers, 0},
		{"author/mutation/addGuidelineVersion", `{"glv":{"guidelineId":999999,"language":"de","title":"t"}}`, spaceMembers, 0},
		{"author/query/guideline", `{"id":999999,"version":1}`, spaceMembers, 0},
		{"author/query/latestGuideline", `{"id":999999,"language":"de"}`, spaceMembers, 0},
		{"author/mutation/submitToValidation", `{"guidelineId":999999,"guidelineVersion":1,"validation":{}}`, spaceMembers, 0},
		{"author/mutation/updateValidation", `{"guidelineId":999999,"version":1,"revision":999999,"data":{}}`, spaceMembers, 0},
		{"author/mutation/submitHotfix", `{"guidelineId":999999,"guidelineVersion":1,"comment":""}`, spaceMembers, 0},
		{"author/mutation/renewValidation", `{"guidelineId":999999,"guidelineVersion":1,"comment":""}`, spaceMembers, 0},
		{"author/query/validationData", `{"guidelineId":999999,"guidelineVersion":1}`, spaceMembers, 0},
		{"author/query/validationSettings", `{"guideline":999999}`, spaceMembers, 0},
		{"author/mutation/updateValidationSettings", `{"guideline":999999,"validator":null,"validationInterval":12}`, spaceMembers, 0},
		{"author/query/validationExpirations", `{"guideline":999999}`, spaceMembers, 0},
		{"author/mutation/updateValidationExpiration", `{"guideline":999999,"time":"2000-01-01T00:00:00Z"}`, spaceMembers, 0},
		{"validator/query/validation", `{"revision":999999}`, spaceMembers, 0},
		{"validator/query/myValidations", `{}`, spaceMembers, 0},
		{"validator/query/validationRequest", `{"revision":999999}`, spaceMembers, 0},
		{"validator/query/validationData", `{"guideline":999999,"language":"de"}`, spaceMembers, 0},
		{"validator/mutation/acceptValidation", `{"revision":999999,"comment":"","validationContent":{}}`, spaceMembers, 0},
		{"validator/mutation/rejectValidation", `{"revision":999999,"comment":"x"}`, spaceMembers, 0},
		{"common/query/validations", `{"backUntil":null}`, spaceMembers, 0},
		{"common/query/unreadValidation", `{}`, spaceMembers, 0},
		{"common/mutation/updateValidationSeen", `{"revisions":[],"read":true}`, spaceMembers, 0},
		{"common/query/notifications", `{}`, signedIn, 0},
		{"common/mutation/markNotificationsAsSeen", `{"notificationIds":[999999]}`, signedIn, 0},
		{"author/query/myGuidelines", `{}`, spaceMembers, 0},
		{"author/stream/myGuidelinesExport", `{"language":"xx"}`, spaceMembers, 0},
		{"author/upload", `{}`, spaceMembers, 0},
		{"author/mutation/createDocument", `{"doc":{"hash":"x","name":"a.png","guidelineId":999999}}`, spaceMembers, 0},
		{"author/mutation/updateDocument", `{"doc":{"id":999999,"name":"a.png","archived":false}}`, spaceMembers, 0},
		{"author/mutation/deleteDocument", `{"docId":999999}`, spaceMembers, 0},
		{"author/query/documentsForGuideline", `{"guidelineId":999999}`, spaceMembers, 0},
		{"author/query/guidelineInfo", `{"id":999999,"language":"de"}`, spaceMembers, 0},
		{"author/query/guidelineVersion", `{"id":999999,"version":1}`, spaceMembers, 0},
		{"author/query/timeline", `{"guideline":999999,"lang":"de"}`, spaceMembers, 0},
		{"author/query/notes", `{"glid":999999}`, spaceMembers, 0},
		{"author/query/translationStatus", `{"guideline":999999}`, spaceMembers, 0},
		{"author/mutation/confirmTranslation", `{"guideline":999999,"language":"fr"}`, spaceMembers, 0},
		{"admin/mutation/setMetadata", `{"guidelineId":999999,"metadata":[]}`, spaceMembers, 0},
		{"common/query/guidelineMetadata", `{"id":999999}`, everyone, 0},
		{"admin/mutation/moveGuideline", `{"guideline":999999,"collection":999999,"validator":null}`, spaceMembers, 0},
		{"author/mutation/copyGuideline", `{"guideline":999999,"collection":999999,"validator":null}`, spaceMembers, 0},
		{"common/query/detailRefs", `{"detailId":999999}`, spaceMembers, 0},
		{"admin/maintenance/query/copyGuidelineSpaces", `{}`, superOnly, 0},
		{"admin/maintenance/query/copyGuidelineCollections", `{"space":999999}`, superOnly, 0},
		{"admin/maintenance/query/copyGuidelineData", `{"collection":999999}`, superOnly, 0},
		{"admin/maintenance/query/validatedGuidelines", `{"ids":[999999]}`, superOnly, 0},
		{"admin/maintenance/mutation/copyGuidelines", `{"guidelineIds":[],"collection":999999,"validator":null,"author":1}`, superOnly, 0},
		{"admin/maintenance/query/maintenanceTasks", `{}`, superOnly, 0},
		{"admin/maintenance/mutation/startReindexGuidelines", `{}`, superOnly, 0},
		{"admin/maintenance/mutation/startReindexUsers", `{}`, superOnly, 0},
		{"reader/query/search", fmt.Sprintf(`{"query":"herz","collections":["%d:%d"]}`, alpha, c), collectionReader, http.StatusBadRequest},
		{"reader/query/search", `{"query":"herz"}`, everyone, 0},
		{"reader/query/suggestions", `{"query":"herz"}`, everyone, 0},
		{"author/query/linkInfo", `{"link":"https://example.org/","params":{"language":"de"}}`, spaceMembers, 0},
		{"toc/query/linkInfo", `{"link":"/guideline/999999"}`, spaceMembers, 0},
		{"author/mutation/runAudit", `{"glid":999999,"lang":"de"}`, spaceMembers, 0},
		{"author/query/audit", `{"glid":999999,"lang":"de"}`, spaceMembers, 0},
		{"author/mutation/archiveGuidelineLanguage", `{"guidelineId":999999,"language":"de"}`, spaceMembers, 0},
		{"author/mutation/restoreGuidelineLanguage", `{"guidelineId":999999,"language":"de"}`, spaceMembers, 0},
		{"author/query/templates", `{"language":"de"}`, spaceMembers, 0},
		{"author/mutation/saveTemplate", `{"template":{"title":"","language":"de","content":""}}`, spaceMembers, 0},
		{"author/mutation/deleteTemplate", `{"id":999999}`, spaceMembers, 0},
		{"reader/query/commentsForGuideline", `{"id":999999,"language":"de"}`, signedIn, 0},
		{"reader/mutation/commentGuideline", `{"guideline":999999,"language":"de","body":"x"}`, signedIn, 0},
		{"reader/mutation/answerComment", `{"comment":999999,"body":"x"}`, signedIn, 0},
		{"reader/mutation/deleteComment", `{"id":999999}`, signedIn, 0},
		{"reader/mutation/sendFeedback", `{"guideline":999999,"language":"de","text":"x"}`, signedIn, 0},
		{"reader/mutation/answerFeedback", `{"feedback":999999,"text":"x"}`, signedIn, 0},
		{"reader/mutation/markFeedbackRead", `{"id":999999}`, signedIn, 0},
		{"reader/query/myFeedbacks", `{}`, signedIn, 0},
		{"reader/query/feedback", `{"id":999999}`, signedIn, 0},
		{"reader/mutation/acknowledge", `{"guideline":999999,"language":"de","version":1}`, signedIn, 0},
		{"reader/query/changedSinceRead", `{}`, signedIn, 0},
		{"reader/query/changeSinceRead", `{"guideline":999999,"language":"de","since":1}`, signedIn, 0},
		{"admin/collectionadmin/mutation/requireAcknowledgement", `{"guideline":999999,"required":false}`, spaceMembers, 0},
		{"admin/collectionadmin/query/collectionAcknowledgement", fmt.Sprintf(`{"collection":%d}`, c), collectionAdmins, 0},
		{"admin/collectionadmin/query/acknowledgements", `{"guideline":999999,"language":"de"}`, spaceMembers, 0},
		{"admin/collectionadmin/mutation/remindAcknowledgement", `{"guideline":999999,"language":"de"}`, spaceMembers, 0},
		{"author/mutation/setGuidelineLanguageOnlineStatus", `{"guidelineId":999999,"language":"de","online":false}`, spaceMembers, 0},
		{"author/mutation/addGuidelineCoAuthors", `{"guideline":999999,"id":[]}`, spaceMembers, 0},
		{"author/mutation/removeGuidelineCoAuthors", `{"guideline":999999,"id":[]}`, spaceMembers, 0},
		{"author/mutation/setGuidelineAuthor", `{"guideline":999999,"author":1}`, spaceMembers, 0},
		{"admin/query/collectionGuidelines", fmt.Sprintf(`{"collection":%d}`, c), collectionAdmins, 0},
		{"common/query/collectionsWithActiveGuidelines", `{}`, everyone, 0},
		{"admin/query/collectionStats", fmt.Sprintf(`{"collectionId":%d}`, c), collectionAdmins, 0},
		{"admin/mutation/createCollection", fmt.Sprintf(`{"spaceId":%d,"collection":{"title":"","visibility":"private"}}`, alpha), spaceAdmins, 0},
		{"admin/mutation/updateCollection", fmt.Sprintf(`{"collectionId":%d,"collection":{"title":"","visibility":"private"}}`, c), collectionAdmins, 0},
		{"admin/mutation/deleteCollection", `{"collectionId":999999}`, spaceAdmins, 0},
		{"admin/collectionadmin/query/collections", `{}`, spaceMembers, 0},
		{"admin/collectionadmin/query/collectionMembers", fmt.Sprintf(`{"collection":%d}`, c), collectionAdmins, 0},
		{"admin/collectionadmin/query/collectionValidators", fmt.Sprintf(`{"collection":%d}`, c), collectionAdmins, 0},
		{"admin/collectionadmin/mutation/addCollectionMembers", fmt.Sprintf(`{"collection":%d,"members":[]}`, c), collectionAdmins, 0},
		{"admin/collectionadmin/mutation/removeCollectionMember", fmt.Sprintf(`{"collection":%d,"member":999999}`, c), collectionAdmins, 0},
		{"admin/collectionadmin/mutation/setCollectionAdmin", fmt.Sprintf(`{"collection":%d,"member":999999,"admin":true}`, c), collectionAdmins, 0},
		{"admin/collectionadmin/mutation/addCollectionValidators", fmt.Sprintf(`{"collection":%d,"validators":[]}`, c), collectionAdmins, 0},
		{"admin/collectionadmin/mutation/removeCollectionValidator", fmt.Sprintf(`{"collection":%d,"validator":999999}`, c), collectionAdmins, 0},
		{"admin/collectionadmin/query/historyReaders", fmt.Sprintf(`{"collection":%d}`, c), collectionAdmins, 0},
		{"admin/collectionadmin/mutation/addHistoryReaders", fmt.Sprintf(`{"collection":%d,"members":[]}`, c), collectionAdmins, 0},
		{"admin/collectionadmin/mutation/removeHistoryReader", fmt.Sprintf(`{"collection":%d,"member":999999}`, c), collectionAdmins, 0},
		{"admin/spaceadmin/query/spaceMembers", fmt.Sprintf(`{"space":%d}`, alpha), spaceAdmins, 0},
		{"admin/spaceadmin/mutation/addSpaceMembers", fmt.Sprintf(`{"spaceId":%d,"users":["not an address"]}`, alpha), spaceAdmins, 0},
		{"admin/spaceadmin/mutation/deleteSpaceMember", fmt.Sprintf(`{"spaceId":%d,"id":999999}`, alpha), spaceAdmins, 0},
		{"admin/spaceadmin/mutation/setSpaceAdmin", fmt.Sprintf(`{"spaceId":%d,"id":999999,"admin":true}`, alpha), spaceAdmins, 0},
		{"admin/spaceadmin/query/membershipRequests", fmt.Sprintf(`{"spaceId":%d}`, alpha), spaceAdmins, 0},
		{"admin/spaceadmin/mutation/answerMembershipRequest", `{"id":999999,"accept":true}`, spaceAdmins, 0},
		{"admin/spaceadmin/mutation/resendInvitation", fmt.Sprintf(`{"spaceId":%d,"user":999999}`, alpha), spaceAdmins, 0},
		{"admin/spaceadmin/mutation/revokeInvitation", fmt.Sprintf(`{"spaceId":%d,"user":999999}`, alpha), spaceAdmins, 0},
		{"common/mutation/requestMembership", `{"message":"` + strings.Repeat("m", 2001) + `"}`, signedIn, 0},
		{"common/query/myMembershipRequest", `{}`, signedIn, 0},
		{"common/query/searchUser", `{"query":"alpha"}`, spaceAdmins, 0},
		{"common/query/searchUserBulk", `{"query":["member@alpha.ch"]}`, spaceAdmins, 0},
		{"common/query/myData", `{}`, signedIn, 0},
		{"admin/spaceadmin/query/sharedCollections", fmt.Sprintf(`{"spaceId":%d}`, alpha), spaceAdmins, 0},
		{"admin/spaceadmin/mutation/createSharedCollection", fmt.Sprintf(`{"spaceId":%d,"collectionId":%d}`, alpha, c), spaceAdmins, 0},
		{"admin/spaceadmin/mutation/deleteSharedCollection", fmt.Sprintf(`{"spaceId":%d,"collectionId":%d}`, e.beta.ID, c), spaceAdmins, 0},
		{"admin/mutation/activateSharedCollection", fmt.Sprintf(`{"spaceId":%d,"collectionId":1,"active":true}`, e.beta.ID), spaceAdmins, 0},
		{"admin/collectionadmin/query/collectionShareRequests", fmt.Sprintf(`{"collectionId":%d}`, c), collectionAdmins, 0},
		{"admin/query/auditLog", fmt.Sprintf(`{"spaceId":%d}`, alpha), spaceAdmins, 0},
		{"admin/query/customDomains", fmt.Sprintf(`{"spaceId":%d}`, alpha), spaceAdmins, 0},
		{"admin/mutation/addCustomDomain", fmt.Sprintf(`{"spaceId":%d,"domain":"not a domain"}`, alpha), spaceAdmins, 0},
		{"admin/mutation/verifyCustomDomain", fmt.Sprintf(`{"spaceId":%d,"domain":"none.example.ch"}`, alpha), spaceAdmins, 0},
		{"admin/mutation/removeCustomDomain", fmt.Sprintf(`{"spaceId":%d,"domain":"none.example.ch"}`, alpha), spaceAdmins, 0},
		{"admin/query/searchSynonyms", fmt.Sprintf(`{"spaceId":%d}`, alpha), spaceAdmins, 0},
		{"admin/mutation/setSearchSynonyms", fmt.Sprintf(`{"spaceId":%d,"language":"xx","synonyms":[]}`, alpha), spaceAdmins, 0},
		{"admin/query/searchGaps", fmt.Sprintf(`{"spaceId":%d}`, alpha), spaceAdmins, 0},
		{"admin/stream/auditLogExport", fmt.Sprintf(`{"spaceId":%d,"action":"no.such"}`, alpha), spaceAdmins, 0},
		{"admin/query/allMetadata", `{}`, spaceAdmins, 0},
		{"admin/query/spaceMetadata", fmt.Sprintf(`{"spaceId":%d}`, alpha), everyone, 0},
		{"admin/mutation/setSpaceMetadata", fmt.Sprintf(`{"spaceId":%d,"metadataIds":[999999]}`, alpha), spaceAdmins, 0},
		{"admin/mutation/saveMetadata", `{"metadata":{"names":{"de":""}}}`, superOnly, 0},
		{"admin/mutation/deleteMetadata", `{"id":999999}`, superOnly, 0},
		{"admin/query/userData", `{"username":"nobody@nowhere.ch"}`, superOnly, 0},
		{"admin/mutation/updateUserEmail", `{"user":999999,"email":"not an address"}`, superOnly, 0},
		{"admin/mutation/endUserSessions", `{"user":999999}`, superOnly, 0},
		{"common/query/sessions", `{}`, signedIn, 0},
		{"common/mutation/endSession", `{"id":999999}`, signedIn, 0},
		{"common/mutation/changePassword", `{"current":"","password":""}`, signedIn, 0},
		{"common/query/secondFactor", `{}`, signedIn, 0},
		{"common/mutation/startSecondFactor", `{"x":1}`, signedIn, 0},
		{"common/mutation/confirmSecondFactor", `{"code":""}`, signedIn, 0},
		{"common/mutation/disableSecondFactor", `{"password":""}`, signedIn, 0},
		{"admin/mutation/resetSecondFactor", `{"user":999999}`, superOnly, 0},
		{"admin/mutation/addUserLogin", `{"user":999999,"email":"not an address"}`, superOnly, 0},
		{"admin/mutation/deleteUserLogin", `{"user":999999,"email":"x@y.ch"}`, superOnly, 0},
		{"admin/query/identityProviders", `{}`, superOnly, 0},
		{"admin/mutation/saveIdentityProvider", `{"provider":{"label":"","issuer":"","clientId":""}}`, superOnly, 0},
		{"admin/mutation/deleteIdentityProvider", `{"id":999999}`, superOnly, 0},
		{"common/query/signInOptions", `{}`, everyone, 0},
		{"common/query/signInMethod", `{"email":"someone@alpha.ch"}`, everyone, 0},
		{"reader/query/announcements", `{}`, everyone, 0},
		{"common/query/announcements", `{"lang":"fr"}`, everyone, 0},
		{"admin/spaceadmin/query/announcements", fmt.Sprintf(`{"spaceId":%d}`, alpha), spaceAdmins, 0},
		{"admin/spaceadmin/mutation/saveAnnouncement", fmt.Sprintf(`{"spaceId":%d,"announcement":{"texts":[]}}`, alpha), spaceAdmins, 0},
		{"admin/spaceadmin/mutation/deleteAnnouncement", fmt.Sprintf(`{"spaceId":%d,"id":999999}`, alpha), spaceAdmins, 0},
		{"common/query/releaseNotes", `{}`, everyone, 0},
		{"reader/query/doc", `{"token":"legal","lang":"en"}`, everyone, 0},
		{"admin/mutation/saveDoc", `{"token":"legal","lang":"de","title":""}`, superOnly, 0},
		{"common/query/recentGuidelines", `{"limit":5}`, everyone, 0},
		{"reader/query/importantChanges", `{"from":0,"size":10}`, everyone, 0},
		{"toc/query/toc", fmt.Sprintf(`{"collection":%d}`, c), collectionAdmins, 0},
		{"toc/query/tocCollections", `{}`, spaceMembers, 0},
		{"toc/query/fullToc", fmt.Sprintf(`{"collection":%d}`, c), collectionAdmins, 0},
		{"toc/mutation/updateToc", fmt.Sprintf(`{"collection":%d,"f":{"id":"root","name":"","folders":[{"id":"","name":"x"}],"items":[]}}`, c), collectionAdmins, 0},
		{"reader/mutation/createCollectionToc", fmt.Sprintf(`{"collectionId":%d,"body":{"tree":{"id":"root","items":[{"id":"i","type":"x"}]}}}`, c), collectionAdmins, 0},
		{"reader/query/collectionToc", fmt.Sprintf(`{"collectionId":%d}`, c), collectionReader, http.StatusNotFound},
		{"reader/query/tocGuidelines", fmt.Sprintf(`{"collectionId":%d}`, c), collectionReader, http.StatusNotFound},
		{"reader/query/favorites", `{}`, signedIn, 0},
		{"reader/mutation/addGuidelineFavorite", `{"guideline":999999,"language":"de"}`, signedIn, 0},
		{"reader/mutation/removeGuidelineFavorite", `{"guideline":999999,"language":"xx"}`, signedIn, 0},
		{"reader/mutation/addCollectionFavorite", `{"collection":999999}`, signedIn, 0},
		{"reader/mutation/removeCollectionFavorite", `{"collection":"x"}`, signedIn, 0},
		{"reader/query/guideline", `{"id":999999,"language":"de"}`, everyone, 0},
		{"reader/query/guidelinePreview", fmt.Sprintf(`{"id":999999,"language":"de","space":%d}`, e.beta.ID), everyone, 0},
		{"reader/query/guidelinePreviewSpaces", `{"id":999999}`, everyone, 0},
		{"reader/query/guidelineLanguages", `{"guidelineId":999999}`, everyone, 0},
		{"reader/query/glMarkdown", `{"id":999999,"lang":"de"}`, everyone, 0},
		{"reader/query/guidelineAsOf", `{"id":999999,"language":"de","date":"2026-01-01"}`, spaceMembers, 0},
		{"reader/query/videoProgress", `{"doc":999999}`, signedIn, 0},
		{"reader/mutation/updateVideoProgress", `{"doc":999999,"seconds":1}`, signedIn, 0},
		{"reader/stream/guidelineAsPDF", `{"guidelineid":999999,"language":"de"}`, everyone, 0},
		{"author/stream/guidelineDraftAsPDF", `{"guideline":999999,"version":1}`, spaceMembers, 0},
	}
	covered := map[string]bool{"common/get/spaceIcon": true, "common/get/spaceLogo": true, "common/get/document": true}
	spacesBefore := e.count("SELECT count(*) FROM control.spaces")
	membersBefore := e.count("SELECT count(*) FROM control.space_members")
	for _, c := range calls {
		covered[c.path] = true
		for _, role := range matrixRoles {
			t.Run(c.path+"/"+role, func(t *testing.T) {
				res := e.api("alpha", e.session(role), c.path, c.body)
				switch {
				case slices.Contains(c.allowed, role):
					assert.NotContains(t, []int{401, 403}, res.Status, string(res.Body))
					assert.Less(t, res.Status, 500, string(res.Body))
				case c.denied != 0:
					assert.Equal(t, c.denied, res.Status, string(res.Body))
				case role == "anonymous":
					assert.Equal(t, http.StatusUnauthorized, res.Status, string(res.Body))
				default:
					assert.Equal(t, http.StatusForbidden, res.Status, string(res.Body))
					assert.Equal(t, "forbidden", res.Message())
				}
			})
		}
	}
	for _, obj := range e.app.router.Objects() {
		assert.True(t, covered[obj], "route %s is missing from the rights matrix", obj)
	}
	assert.Equal(t, spacesBefore, e.count("SELECT count(*) FROM control.spaces"))
	assert.Equal(t, membersBefore, e.count("SELECT count(*) FROM control.space_members"))
	for _, role := range matrixRoles {
		for _, p := range []string{"/api/common/get/spaceIcon/28", "/api/common/get/spaceIcon/28/beta", "/api/common/get/spaceLogo/45/alpha"} {
			res := e.do(http.MethodGet, "alpha."+testDomain, p, e.session(role), map[string]string{"Space": "alpha"}, "")
			assert.Equal(t, http.StatusOK, res.StatusCode, "%s %s", role, p)
		}
		res := e.do(http.MethodGet, "alpha."+testDomain, "/api/common/get/document/"+strings.Repeat("0", 64), e.session(role), map[string]string{"Space": "alpha"}, "")
		assert.Equal(t, http.StatusNotFound, res.StatusCode, "anybody may ask for a file; this one does not exist")
	}
}
