package killer

import (
	"strings"
	"testing"
)

const problem1 = "aakkssAAEbblltvvEEcggltwwFJchhppxBFJddmqpxBGGeimqppCCKeinnuyDDKffoouyyHHfjjrrzzII a=16,b=5,c=11,d=9,e=7,f=13,g=13,h=6,i=8,j=17,k=4,l=18,m=16,n=4,o=14,p=26,q=8,r=7,s=10,t=15,u=8,v=8,w=5,x=11,y=17,z=7,A=13,B=10,C=9,D=14,E=17,F=13,G=7,H=7,I=13,J=4,K=15"

func TestParseFormatRoundTrip(t *testing.T) {
	for _, text := range []string{
		problem1,
		"x aabb aabb ccdd ccdd a=10 b=10 c=10 d=10",
		"aabb\naabb\nccdd\nccdd\na=10, b=10, c=10, d=10 # box cages\ngivens=1...............",
	} {
		p, err := Parse(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		for _, out := range []string{Format(p), FormatLine(p)} {
			q, err := Parse(out)
			if err != nil {
				t.Fatalf("reparse of %q: %v", out, err)
			}
			if FormatLine(q) != FormatLine(p) || q.Geo.X != p.Geo.X || q.GivenCount() != p.GivenCount() {
				t.Fatalf("round trip changed %q into %q", FormatLine(p), FormatLine(q))
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ text, want string }{
		{"aab aabb ccdd ccdd a=10 b=10 c=10 d=10", "cage map of 15 characters"},
		{"aabb aabb ccdd ccdd a=10 b=10 c=10", `cage 'd' (at r3c3) has no sum`},
		{"aabb aabb ccdd ccdd a=10 b=10 c=10 d=10 e=3", `sum given for cage 'e'`},
		{"abab abab ccdd ccdd a=10 b=10 c=10 d=10", "not connected"},
		{"aabb aabb ccdd ccdd a=10 b=10 c=10 d=11", "impossible for 4 distinct digits"},
		{"aabb aabb ccdd ccdd a=10 b=10 c=10 d=x", "positive whole number"},
		{"aabb aabb ccdd ccdd a=10 a=10 c=10 d=10", "two sums"},
		{"aabbb aabbb ccddd ccddd eeeee a=10 b=10 c=10 d=10 e=15", "cage map of 25 characters"},
	}
	for _, tc := range cases {
		_, err := Parse(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %v, want an error containing %q", tc.text, err, tc.want)
		}
	}
}
