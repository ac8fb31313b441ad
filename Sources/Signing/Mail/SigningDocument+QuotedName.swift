extension SigningDocument {
    /// The document's name in quotation marks, as a message writes it in a sentence; `nil`
    /// when the document has no name.
    var quotedName: String? {
        name.flatMap { $0.isEmpty ? nil : "“\($0)”" }
    }
}
