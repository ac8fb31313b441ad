/// A terminal field of a document's interactive form (ISO 32000-1 §12.7.3), with the
/// attributes it inherits from its ancestors resolved.
public struct PDFFormField: Sendable {
    /// The field object's reference.
    public let reference: PDFReference
    /// The fully qualified name: the partial names `/T` of the field and its ancestors,
    /// joined by periods.
    public let name: String
    /// The field type (`/FT`): `Btn`, `Tx`, `Ch` or `Sig`; `nil` when neither the field nor
    /// an ancestor says.
    public let type: String?
    /// The field's value `/V`, resolved one level; for a signature field, the signature
    /// dictionary.
    public let value: PDFObject?
    /// The field's own dictionary.
    public let dictionary: PDFDictionary
}

extension PDFFile {
    /// The terminal fields of the document's form, in the order of `/AcroForm /Fields` and a
    /// depth-first walk of their `/Kids`; empty when the document has no form. Kids that are
    /// only widget annotations (no `/T`) belong to their parent field.
    public func formFields() throws(PDFReadError) -> [PDFFormField] {
        guard let formObject = catalog?["AcroForm"], let form = try resolve(formObject).dictionaryValue,
            let roots = try resolve(form["Fields"] ?? .null).arrayValue
        else { return [] }
        var fields: [PDFFormField] = []
        var visited: Set<Int> = []
        var stack: [(object: PDFObject, parentName: String?, parentType: String?, depth: Int)] =
            roots.reversed().map { ($0, nil, nil, 0) }
        while let (object, parentName, parentType, depth) = stack.popLast() {
            guard let reference = object.referenceValue, visited.insert(reference.number).inserted,
                depth <= limits.maximumNesting, visited.count <= limits.maximumObjectCount
            else { continue }
            guard let dictionary = try self.object(reference).object.dictionaryValue else { continue }
            let partial = try resolve(dictionary["T"] ?? .null).stringBytes.map(PDFTextString.decode)
            let name = [parentName, partial].compactMap { $0 }.joined(separator: ".")
            let type = try resolve(dictionary["FT"] ?? .null).nameValue ?? parentType
            let kids = try resolve(dictionary["Kids"] ?? .null).arrayValue ?? []
            var fieldKids: [PDFObject] = []
            for kid in kids {
                if let kidReference = kid.referenceValue,
                    try self.object(kidReference).object.dictionaryValue?["T"] != nil
                {
                    fieldKids.append(kid)
                }
            }
            if fieldKids.isEmpty {
                let value = try dictionary["V"].map { value throws(PDFReadError) in try resolve(value) }
                fields.append(PDFFormField(reference: reference, name: name, type: type, value: value, dictionary: dictionary))
            } else {
                for kid in fieldKids.reversed() {
                    stack.append((kid, name, type, depth + 1))
                }
            }
        }
        return fields
    }
}
