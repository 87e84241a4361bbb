//! The views of several viewers written at once, each part they share written once.
//!
//! After every command a room tells each of its viewers its own view, and most of a view is
//! the same for all of them: the board, the decks, everyone's public counts. A game whose view
//! is large writes the views of one command with [`SharedFields`], field by field: a value equal
//! to one already written for another viewer of the same call is copied as text instead of
//! being serialized again. Equal values serialize to equal text, so every view is byte for byte
//! what serde writes for it alone (each game that uses it proves it in its tests). Nothing is
//! kept from one call to the next, so nothing can go stale.

use serde::Serialize;

/// Writes one JSON object per view, field by field in the order the fields are given (which
/// must be the order of the view type's declaration, as serde writes it).
pub struct SharedFields<'v, V> {
    views: &'v [V],
    /// Each view's text so far: `{` and the fields written.
    texts: Vec<Vec<u8>>,
    /// The distinct values of the field at hand, written back to back.
    written: Vec<u8>,
    /// Where each of them is.
    spans: Vec<Span>,
}

/// A value in [`SharedFields::written`]: whose view it came from, its place in its list (0 for
/// a field that is not a list), and where its text is.
#[derive(Debug, Clone, Copy)]
struct Span {
    view: usize,
    index: usize,
    start: usize,
    end: usize,
}

/// Room for a view's text, so it is rarely grown while written.
const VIEW_CAPACITY: usize = 4_096;

impl<'v, V> SharedFields<'v, V> {
    /// Starts the objects of `views`, one per viewer.
    pub fn new(views: &'v [V]) -> SharedFields<'v, V> {
        SharedFields {
            views,
            texts: views
                .iter()
                .map(|_| {
                    let mut text = Vec::with_capacity(VIEW_CAPACITY);
                    text.push(b'{');
                    text
                })
                .collect(),
            written: Vec::with_capacity(VIEW_CAPACITY),
            spans: Vec::new(),
        }
    }

    /// The field `name` of each view, read by `get`.
    pub fn field<T>(self, name: &str, get: impl Fn(&'v V) -> &'v T) -> Self
    where
        T: PartialEq + Serialize + ?Sized + 'v,
    {
        self.field_unless(name, get, |_| false)
    }

    /// The field `name` of each view, read by `get`, left out of the views whose value `skip`
    /// says nothing of (serde's `skip_serializing_if`).
    pub fn field_unless<T>(
        mut self,
        name: &str,
        get: impl Fn(&'v V) -> &'v T,
        skip: impl Fn(&T) -> bool,
    ) -> Self
    where
        T: PartialEq + Serialize + ?Sized + 'v,
    {
        self.forget();
        let views = self.views;
        for (k, view) in views.iter().enumerate() {
            let value = get(view);
            if skip(value) {
                continue;
            }
            self.key(k, name);
            let (start, end) = self.span(k, 0, value, |j| Some(get(&views[j])));
            self.texts[k].extend_from_slice(&self.written[start..end]);
        }
        self
    }

    /// The list field `name` of each view, read by `get`: each element shared with the element
    /// at the same place of another view when they are equal.
    pub fn list<T>(mut self, name: &str, get: impl Fn(&'v V) -> &'v [T]) -> Self
    where
        T: PartialEq + Serialize + 'v,
    {
        self.forget();
        let views = self.views;
        for (k, view) in views.iter().enumerate() {
            self.key(k, name);
            self.texts[k].push(b'[');
            for (i, element) in get(view).iter().enumerate() {
                if i > 0 {
                    self.texts[k].push(b',');
                }
                let (start, end) = self.span(k, i, element, |j| get(&views[j]).get(i));
                self.texts[k].extend_from_slice(&self.written[start..end]);
            }
            self.texts[k].push(b']');
        }
        self
    }

    /// The objects, closed.
    pub fn finish(self) -> Vec<String> {
        self.texts
            .into_iter()
            .map(|mut text| {
                text.push(b'}');
                // serde_json writes UTF-8, and the rest is ASCII punctuation: nothing is lost.
                String::from_utf8(text)
                    .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
            })
            .collect()
    }

    /// Forgets the values written for the field before: the next field's are its own.
    fn forget(&mut self) {
        self.written.clear();
        self.spans.clear();
    }

    /// Writes `"name":` in view `k`, after a comma where a field came before.
    fn key(&mut self, k: usize, name: &str) {
        // A field's name is a Rust identifier: nothing in it is escaped in JSON.
        debug_assert!(name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'));
        let text = &mut self.texts[k];
        if text.len() > 1 {
            text.push(b',');
        }
        text.push(b'"');
        text.extend_from_slice(name.as_bytes());
        text.extend_from_slice(b"\":");
    }

    /// Where `value`, at place `index` of view `view`, is written: where an equal value at the
    /// same place of an earlier view was written (`earlier(j)`: the value at that place of
    /// view `j`), or at the end, now.
    fn span<T>(
        &mut self,
        view: usize,
        index: usize,
        value: &T,
        earlier: impl Fn(usize) -> Option<&'v T>,
    ) -> (usize, usize)
    where
        T: PartialEq + Serialize + ?Sized + 'v,
    {
        if let Some(seen) = self
            .spans
            .iter()
            .find(|s| s.index == index && earlier(s.view) == Some(value))
        {
            return (seen.start, seen.end);
        }
        let start = self.written.len();
        write(&mut self.written, value);
        let end = self.written.len();
        self.spans.push(Span {
            view,
            index,
            start,
            end,
        });
        (start, end)
    }
}

/// Appends `value` as JSON.
fn write<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) {
    // Views are plain data and a Vec takes every byte: serializing cannot fail.
    let _ = serde_json::to_writer(out, value);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize, PartialEq)]
    struct Table {
        #[serde(skip_serializing_if = "Option::is_none")]
        dealer: Option<&'static str>,
        round: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        hand: Option<Vec<&'static str>>,
        seats: Vec<Seat>,
        note: &'static str,
    }

    #[derive(Serialize, PartialEq)]
    struct Seat {
        name: &'static str,
        secret: Option<u8>,
    }

    fn write_all(views: &[Table]) -> Vec<String> {
        SharedFields::new(views)
            .field_unless("dealer", |v| &v.dealer, Option::is_none)
            .field("round", |v| &v.round)
            .field_unless("hand", |v| &v.hand, Option::is_none)
            .list("seats", |v| v.seats.as_slice())
            .field("note", |v| v.note)
            .finish()
    }

    #[test]
    fn each_view_is_what_serde_writes_for_it_alone() {
        let seat = |name, secret| Seat { name, secret };
        let views = [
            Table {
                dealer: Some("x"),
                round: 2,
                hand: Some(vec!["a", "b"]),
                seats: vec![seat("x", Some(1)), seat("y", None)],
                note: "\"quoted\" \u{e9}",
            },
            Table {
                dealer: None,
                round: 2,
                hand: None,
                seats: vec![seat("x", None), seat("y", None)],
                note: "\"quoted\" \u{e9}",
            },
            Table {
                dealer: None,
                round: 2,
                hand: None,
                seats: vec![seat("y", None), seat("x", None), seat("z", Some(3))],
                note: "",
            },
            Table {
                dealer: None,
                round: 3,
                hand: Some(vec!["a", "b"]),
                seats: vec![],
                note: "",
            },
        ];
        let written = write_all(&views);
        assert_eq!(written.len(), views.len());
        for (text, view) in written.iter().zip(&views) {
            assert_eq!(text, &serde_json::to_string(view).unwrap());
        }
    }

    #[test]
    fn no_view_no_text() {
        assert!(write_all(&[]).is_empty());
    }
}
