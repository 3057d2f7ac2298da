package i18n

import "strings"

// Match resolves a BCP 47 language tag to the tag of the table that
// serves it. Case does not matter and '_' may stand for '-'. Chinese goes
// by its script, or else its region: zh-Hans, zh-CN, zh-SG, zh-MY and a
// bare zh to zh-Hans; zh-Hant, zh-TW, zh-HK and zh-MO to zh-Hant. Other
// languages go by their language subtag: en-US and en-GB to en, pt-BR and
// pt-PT to pt, es-419 to es, fr-CA to fr. An empty tag is English. ok is
// false when no table serves the language; lang is then "en".
func Match(tag string) (lang string, ok bool) {
	tag = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(tag), "_", "-"))
	if tag == "" {
		return "en", true
	}
	sub := strings.Split(tag, "-")
	if sub[0] == "zh" {
		script, region := "", ""
		for _, s := range sub[1:] {
			switch {
			case len(s) == 4 && script == "" && region == "":
				script = s
			case (len(s) == 2 || len(s) == 3) && region == "":
				region = s
			}
		}
		switch {
		case script == "hant":
			return "zh-Hant", true
		case script == "hans":
			return "zh-Hans", true
		case script != "":
			return "en", false // Chinese in another script (e.g. Latn)
		case region == "tw" || region == "hk" || region == "mo":
			return "zh-Hant", true
		}
		return "zh-Hans", true
	}
	if _, ok := locales[sub[0]]; ok {
		return sub[0], true
	}
	return "en", false
}
