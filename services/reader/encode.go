package reader

import (
	"encoding/json"
	"strconv"

	"vademecum/services/acknowledgements"
	"vademecum/services/api"
)

// AppendJSON appends the guideline as encoding/json would write it (api.JSONAppender): the
// sections of a cached text are written as they were encoded once, since they are most of
// the answer to the most frequent call.
func (g Guideline) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	dst = api.AppendInt(api.AppendField(dst, "id"), g.ID)
	dst = api.AppendString(api.AppendField(dst, "language"), g.Language)
	dst = api.AppendString(api.AppendField(dst, "requestedLanguage"), g.RequestedLanguage)
	dst = api.AppendInt(api.AppendField(dst, "version"), int64(g.Version))
	dst = api.AppendString(api.AppendField(dst, "title"), g.Title)
	dst = api.AppendString(api.AppendField(dst, "description"), g.Description)
	dst = api.AppendField(dst, "details")
	if g.details != nil {
		dst = append(dst, g.details...)
	} else {
		dst = appendMarshalled(dst, g.Details)
	}
	dst = api.AppendStrings(api.AppendField(dst, "tags"), g.Tags)
	dst = api.AppendStrings(api.AppendField(dst, "languages"), g.Languages)
	dst = api.AppendField(dst, "metadata")
	if g.Metadata == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i, m := range g.Metadata {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, '{')
			dst = api.AppendInt(api.AppendField(dst, "metadataId"), m.MetadataID)
			dst = api.AppendTexts(api.AppendField(dst, "names"), m.Names)
			dst = api.AppendInt(api.AppendField(dst, "optionId"), m.OptionID)
			dst = api.AppendTexts(api.AppendField(dst, "optionNames"), m.OptionNames)
			dst = append(dst, '}')
		}
		dst = append(dst, ']')
	}
	dst = api.AppendString(api.AppendField(dst, "validator"), g.Validator)
	dst = api.AppendTimeOrNull(api.AppendField(dst, "validationDate"), g.ValidationDate)
	dst = api.AppendTimeOrNull(api.AppendField(dst, "validFrom"), g.ValidFrom)
	dst = api.AppendTimeOrNull(api.AppendField(dst, "validUntil"), g.ValidUntil)
	dst = api.AppendTimeOrNull(api.AppendField(dst, "firstPublishedDate"), g.FirstPublishedDate)
	dst = api.AppendString(api.AppendField(dst, "canonicalLink"), g.CanonicalLink)
	dst = strconv.AppendBool(api.AppendField(dst, "importantChange"), g.ImportantChange)
	dst = api.AppendString(api.AppendField(dst, "changeComment"), g.ChangeComment)
	dst = appendRef(api.AppendField(dst, "collection"), &g.Collection)
	dst = appendRef(api.AppendField(dst, "sourceSpace"), g.SourceSpace)
	dst = append(api.AppendField(dst, "abilities"), '{')
	dst = strconv.AppendBool(api.AppendField(dst, "mayComment"), g.Abilities.MayComment)
	dst = strconv.AppendBool(api.AppendField(dst, "mayEdit"), g.Abilities.MayEdit)
	dst = strconv.AppendBool(api.AppendField(dst, "mayReadHistory"), g.Abilities.MayReadHistory)
	dst = append(dst, '}')
	dst = api.AppendField(dst, "translationOutdated")
	if n := g.TranslationOutdated; n == nil {
		dst = append(dst, "null"...)
	} else {
		dst = api.AppendString(api.AppendField(append(dst, '{'), "sourceLanguage"), n.SourceLanguage)
		dst = api.AppendTime(api.AppendField(dst, "outdatedSince"), n.OutdatedSince)
		dst = append(dst, '}')
	}
	return append(appendSince(api.AppendField(dst, "sinceRead"), g.SinceRead), '}')
}

func appendSince(dst []byte, s *acknowledgements.Since) []byte {
	if s == nil {
		return append(dst, "null"...)
	}
	dst = appendVersion(api.AppendField(append(dst, '{'), "readVersion"), s.ReadVersion)
	dst = appendVersion(api.AppendField(dst, "acknowledgedVersion"), s.AcknowledgedVersion)
	dst = strconv.AppendBool(api.AppendField(dst, "required"), s.Required)
	return append(dst, '}')
}

func appendVersion(dst []byte, v *int) []byte {
	if v == nil {
		return append(dst, "null"...)
	}
	return api.AppendInt(dst, int64(*v))
}

func appendRef(dst []byte, r *Ref) []byte {
	if r == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '{')
	dst = api.AppendInt(api.AppendField(dst, "id"), r.ID)
	dst = api.AppendString(api.AppendField(dst, "title"), r.Title)
	return append(dst, '}')
}

// appendMarshalled appends what encoding/json writes for sections, which cannot fail.
func appendMarshalled(dst []byte, details []Detail) []byte {
	b, _ := json.Marshal(details)
	return append(dst, b...)
}
