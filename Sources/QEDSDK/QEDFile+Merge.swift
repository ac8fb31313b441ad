extension QEDFile {
    /// A new file made of this one, updated with what `file` knows.
    ///
    /// `file`'s properties that have a value win: its ``name``, ``ext``, ``dateTaken`` and
    /// ``fileURL`` always (they cannot be `nil`), its ``note``, ``slug`` and ``hash`` when they
    /// are not `nil`. The ``proofStatus`` is merged the same way: `file`'s wins unless it is
    /// ``ProofStatus/undefined``, which says nothing about the report.
    ///
    /// - Parameter file: The newer information, such as the file the server's answer produced.
    public func merge(withFile file: QEDFile) -> QEDFile {
        var merged = file
        merged.note = file.note ?? note
        merged.slug = file.slug ?? slug
        merged.hash = file.hash ?? hash
        merged.proofStatus = file.proofStatus == .undefined ? proofStatus : file.proofStatus
        return merged
    }
}
