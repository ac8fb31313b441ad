/// A PDF dictionary (ISO 32000-1 §7.3.7) that keeps its entries in the order they were given,
/// so that the same document always serializes to the same bytes.
public struct PDFDictionary: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// The entries in writing order; keys are names without their leading solidus.
    public private(set) var entries: [(key: String, value: PDFObject)]

    /// Creates a dictionary with the literal's entries, in the literal's order.
    public init(dictionaryLiteral elements: (String, PDFObject)...) {
        entries = elements.map { (key: $0.0, value: $0.1) }
    }

    /// Creates a dictionary with `entries`, in their order; a later entry for a key replaces an
    /// earlier one in place.
    public init(_ entries: [(key: String, value: PDFObject)]) {
        self.entries = []
        for (key, value) in entries {
            self[key] = value
        }
    }

    /// The keys, in writing order.
    public var keys: [String] { entries.map(\.key) }

    /// Whether the two dictionaries have the same entries in the same order.
    public static func == (lhs: PDFDictionary, rhs: PDFDictionary) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    /// The value for `key`. Setting a value replaces an existing entry in place or appends a
    /// new one; setting `nil` removes the entry.
    public subscript(key: String) -> PDFObject? {
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
