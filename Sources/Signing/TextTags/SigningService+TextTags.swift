import HTTPSupport

extension SigningService {
    /// `requested`, the fields a request gives by file, with the fields the text tags in
    /// `files` ask for added to each file's list.
    ///
    /// - Parameter requireFields: Whether there must be a field in the end (a document that is
    ///   sent without a signature page).
    /// - Throws: ``HTTPSupport/APIError`` 422 listing every tag that cannot be made a field,
    ///   or saying that there are no fields when `requireFields` is set.
    static func addingTextTagFields(
        to requested: [[DocumentField]], files: [IntakeFile], participants: [TextTagFields.Participant], requireFields: Bool
    ) throws -> [[DocumentField]] {
        let reader = RequestReader()
        let tagged = TextTagFields.fields(in: files, participants: participants, reader: reader)
        try reader.throwIfFailed("The text tags are invalid.")
        var fields = requested
        for (fileIndex, list) in tagged.enumerated() where !list.isEmpty {
            while fields.count <= fileIndex { fields.append([]) }
            fields[fileIndex] += list
        }
        if requireFields && fields.allSatisfy(\.isEmpty) {
            reader.fail("text_tags", "found no text tags in the files, and the request has no fields")
            try reader.throwIfFailed()
        }
        return fields
    }
}
