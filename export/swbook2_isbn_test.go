package export

import "testing"

// TestSwbook2ISBNCount: a count of ISBNs that does not match the volumes
// is refused in words a publisher reads at once: the ISBNs as given, and
// the volumes counted without "volume(s)".
func TestSwbook2ISBNCount(t *testing.T) {
	a, b, c := "978-0-306-40615-7", "978-3-16-148410-0", "978-1-86197-876-9"
	for _, tc := range []struct {
		isbn string
		nvol int
		want string
	}{
		{a + "," + b, 1, "isbn 978-0-306-40615-7,978-3-16-148410-0: 2 ISBNs for a book that does not split into volumes: give one"},
		{a + ", " + b + "," + c, 2, "isbn 978-0-306-40615-7, 978-3-16-148410-0,978-1-86197-876-9: 3 ISBNs for a book of 2 volumes: give one per volume, comma-separated"},
		{a + "," + b, 3, "isbn 978-0-306-40615-7,978-3-16-148410-0: 2 ISBNs for a book of 3 volumes: give one per volume, comma-separated"},
	} {
		o := BookOptions{ISBN: tc.isbn}
		if err := o.checkVolumeISBNs(tc.nvol); err == nil || err.Error() != tc.want {
			t.Errorf("%q in %d volumes: %v\nwant %s", tc.isbn, tc.nvol, err, tc.want)
		}
	}
}
