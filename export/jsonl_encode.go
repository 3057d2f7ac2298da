package export

import (
	"bytes"
	"math"
	"sort"
	"strconv"
	"unicode/utf8"
)

// AppendJSON appends rec as one JSON object in the documented record
// format (docs/records.md, schema/): "v" first, then the fields in
// Record's order, empty optional fields left out, ratings always with a
// fraction or exponent (2.0, not 2) so every reader takes them for floats,
// strings escaped as encoding/json escapes them (HTML-safe), and no seed
// or index for an Unseeded record, nor for one whose seed or index the
// format cannot hold (above MaxSeed: only a record read from before
// format versions has one; CheckRecord would refuse it written). It uses no reflection and allocates
// nothing beyond dst's growth: the per-record cost of writing a corpus. A
// NaN or infinite rating, which JSON cannot hold (and no grader makes), is
// written as null.
func AppendJSON(dst []byte, rec *Record) []byte {
	dst = append(dst, `{"v":`...)
	dst = strconv.AppendInt(dst, FormatVersion, 10)
	dst = appendStringField(dst, `,"id":`, rec.ID)
	dst = append(dst, `,"kind":`...)
	dst = appendString(dst, rec.Kind)
	dst = append(dst, `,"size":`...)
	dst = strconv.AppendInt(dst, int64(rec.Size), 10)
	if len(rec.Box) > 0 {
		dst = appendInts(append(dst, `,"box":`...), rec.Box)
	}
	dst = appendStringField(dst, `,"puzzle":`, rec.Puzzle)
	dst = appendStringField(dst, `,"solution":`, rec.Solution)
	dst = appendIntField(dst, `,"givens":`, rec.Givens)
	dst = appendBoolPtr(dst, `,"minimal":`, rec.Minimal)
	dst = appendStringField(dst, `,"symmetry":`, rec.Symmetry)
	dst = appendFloatField(dst, `,"rating":`, rec.Rating)
	dst = appendFloatField(dst, `,"rating_at_least":`, rec.RatingAtLeast)
	dst = appendFloatField(dst, `,"ep":`, rec.EP)
	dst = appendFloatField(dst, `,"ed":`, rec.ED)
	dst = appendStringField(dst, `,"tier":`, rec.Tier)
	dst = appendStringField(dst, `,"hardest":`, rec.Hardest)
	if len(rec.Techniques) > 0 {
		dst = appendCounts(append(dst, `,"techniques":`...), rec.Techniques)
	}
	dst = appendStringField(dst, `,"level":`, rec.Level)
	dst = appendIntField(dst, `,"score":`, rec.Score)
	if len(rec.Tiles) > 0 {
		dst = appendInts(append(dst, `,"tiles":`...), rec.Tiles)
	}
	dst = appendStringField(dst, `,"goal":`, rec.Goal)
	dst = appendIntPtr(dst, `,"optimal":`, rec.Optimal)
	dst = appendStringField(dst, `,"move_piece":`, rec.MovePiece)
	dst = appendIntPtr(dst, `,"length":`, rec.Length)
	dst = appendIntPtr(dst, `,"lower_bound":`, rec.LowerBound)
	dst = appendBoolPtr(dst, `,"exact":`, rec.Exact)
	if rec.Fields != nil {
		dst = rec.Fields.AppendJSON(dst)
	}
	dst = appendStringField(dst, `,"canonical":`, rec.Canonical)
	if !rec.Unseeded && rec.Seed <= MaxSeed && rec.Index >= 0 && rec.Index <= MaxSeed {
		dst = append(dst, `,"seed":`...)
		dst = strconv.AppendUint(dst, rec.Seed, 10)
		dst = append(dst, `,"index":`...)
		dst = strconv.AppendInt(dst, rec.Index, 10)
	}
	return append(dst, '}')
}

// MarshalJSON writes the record as AppendJSON does, so encoding/json (and
// any type embedding a Record's fields through it) writes the documented
// format.
func (r Record) MarshalJSON() ([]byte, error) {
	return AppendJSON(nil, &r), nil
}

func appendStringField(dst []byte, key, s string) []byte {
	if s == "" {
		return dst
	}
	return appendString(append(dst, key...), s)
}

func appendIntField(dst []byte, key string, n int) []byte {
	if n == 0 {
		return dst
	}
	return strconv.AppendInt(append(dst, key...), int64(n), 10)
}

func appendFloatField(dst []byte, key string, f float64) []byte {
	if f == 0 {
		return dst
	}
	return appendFloat(append(dst, key...), f)
}

func appendIntPtr(dst []byte, key string, p *int) []byte {
	if p == nil {
		return dst
	}
	return strconv.AppendInt(append(dst, key...), int64(*p), 10)
}

func appendBoolPtr(dst []byte, key string, p *bool) []byte {
	if p == nil {
		return dst
	}
	return strconv.AppendBool(append(dst, key...), *p)
}

func appendInts(dst []byte, xs []int) []byte {
	dst = append(dst, '[')
	for i, x := range xs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(x), 10)
	}
	return append(dst, ']')
}

// appendCounts writes a map as encoding/json does: keys sorted.
func appendCounts(dst []byte, m map[string]int) []byte {
	var buf [32]string
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	dst = append(dst, '{')
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, k)
		dst = append(dst, ':')
		dst = strconv.AppendInt(dst, int64(m[k]), 10)
	}
	return append(dst, '}')
}

// appendFloat writes f as encoding/json does (shortest form, exponent only
// for very small or large magnitudes), with ".0" after a whole number, so
// the number reads back as a float in every language (2.0, not 2).
func appendFloat(dst []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(dst, "null"...)
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	start := len(dst)
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if format == 'f' && bytes.IndexByte(dst[start:], '.') < 0 {
		dst = append(dst, '.', '0')
	}
	if format == 'e' {
		// e-09 -> e-9, as encoding/json writes it.
		if n := len(dst); n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}

const hexDigits = "0123456789abcdef"

// appendString writes s as a JSON string as encoding/json does: <, > and
// & escaped for HTML, invalid UTF-8 as \ufffd, U+2028 and U+2029 escaped.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' && b != '<' && b != '>' && b != '&' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
