import Foundation

extension QEDFile {
    /// Creates the file a report describes, or `nil` if the report lacks a required attribute.
    ///
    /// `dict` must hold the ``QEDAPI/Attribute`` values `name`, `slug`, `hash`, `status` and
    /// `dateTaken` (an ISO 8601 date and time) as strings; `ext` and `note` are optional.
    /// `ext` and `dateTaken` are looked up at the top level first, then inside the report's
    /// `meta_data` object, where ``QEDAPI`` reports them; so both the report JSON the server
    /// sends for a report this SDK made and ``dictionaryRepresentation()`` are accepted.
    ///
    /// - Parameters:
    ///   - dict: The report, as decoded from the server's JSON or from
    ///     ``dictionaryRepresentation()``.
    ///   - fileURL: Where the file is on this device; `nil` assumes the root of
    ///     ``qedDirectory``, with the report's name and extension. It can be changed later.
    public init?(fromQEDAPIResponseDict dict: [String: Any], fileURL: URL? = nil) {
        let metadata = dict["meta_data"] as? [String: Any] ?? [:]
        func text(_ attribute: QEDAPI.Attribute, inMetadata: Bool = false) -> String? {
            dict[attribute.rawValue] as? String ?? (inMetadata ? metadata[attribute.rawValue] as? String : nil)
        }
        guard let name = text(.name), let slug = text(.slug), let hash = text(.hash), let status = text(.status),
            let dateText = text(.dateTaken, inMetadata: true), let dateTaken = ISO8601Timestamp.date(from: dateText)
        else { return nil }
        let ext = text(.ext, inMetadata: true) ?? ""
        self.init(name: name, ext: ext, dateTaken: dateTaken, fileURL: fileURL ?? Self.defaultFileURL(name: name, ext: ext))
        self.note = text(.note)
        self.slug = slug
        self.hash = hash
        self.proofStatus = ProofStatus(fromAPIString: status)
    }

    /// The file's attributes as text, keyed by ``QEDAPI/Attribute`` raw values.
    ///
    /// `name`, `ext`, `dateTaken` (ISO 8601 in UTC with milliseconds) and `status` are always
    /// present; `note`, `slug` and `hash` only when the file has them. The ``fileURL`` is not
    /// included. ``init(fromQEDAPIResponseDict:fileURL:)`` turns the dictionary back into the
    /// file, for a reported file (one with a slug and a hash).
    public func dictionaryRepresentation() -> [String: String] {
        var dictionary = [
            QEDAPI.Attribute.name.rawValue: name,
            QEDAPI.Attribute.ext.rawValue: ext,
            QEDAPI.Attribute.dateTaken.rawValue: ISO8601Timestamp.string(from: dateTaken),
            QEDAPI.Attribute.status.rawValue: proofStatus.string,
        ]
        dictionary[QEDAPI.Attribute.note.rawValue] = note
        dictionary[QEDAPI.Attribute.slug.rawValue] = slug
        dictionary[QEDAPI.Attribute.hash.rawValue] = hash
        return dictionary
    }
}
