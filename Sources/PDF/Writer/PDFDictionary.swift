/// A PDF dictionary (ISO 32000-1 §7.3.7) that keeps its entries in the order they were given,
/// so that the same document always serializes to the same bytes.
struct PDFDictionary: Sendable, ExpressibleByDictionaryLiteral {
    /// The entries in writing order; keys are names without their leading solidus.
    private(set) var entries: [(key: String, value: PDFObject)]

    /// Creates a dictionary with the literal's entries, in the literal's order.
    init(dictionaryLiteral elements: (String, PDFObject)...) {
        entries = elements.map { (key: $0.0, value: $0.1) }
    }

    /// The value for `key`. Setting a value replaces an existing entry in place or appends a
    /// new one; setting `nil` removes the entry.
    subscript(key: String) -> PDFObject? {
        get {
            entries.first { $0.key == key }?.value
        }
        set {
            let index = entries.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?):
                entries[index].value = value
            case (let index?, nil):
                entries.remove(at: index)
            case (nil, let value?):
                entries.append((key: key, value: value))
            case (nil, nil):
                break
            }
        }
    }
}
