extension PDFIncrementalUpdate {
    /// Adds the annotation `annotation` to the `/Annots` of `page`.
    ///
    /// Only what must change is written: the `/Annots` array object when the page refers to
    /// one, else the page object with a longer direct `/Annots`. The page's content and
    /// resources are left alone, so that signatures made before stay valid (validators allow
    /// later revisions to add annotations, not to change content).
    public mutating func addAnnotation(_ annotation: PDFReference, to page: PDFReference) throws(PDFReadError) {
        guard var dictionary = try currentObject(page).object.dictionaryValue else {
            throw .brokenStructure("page \(page) is not a dictionary")
        }
        if let arrayReference = dictionary["Annots"]?.referenceValue {
            let existing = try currentObject(arrayReference).object.arrayValue ?? []
            replace(arrayReference, with: .array(existing + [.reference(annotation)]))
            return
        }
        let existing = dictionary["Annots"]?.arrayValue ?? []
        dictionary["Annots"] = .array(existing + [.reference(annotation)])
        replace(page, with: .dictionary(dictionary))
    }

    /// Adds the field `field` to the document's interactive form (`/AcroForm /Fields`),
    /// creating the form when there is none and keeping everything an existing form has
    /// (`/DR`, `/DA`, other fields). `signatureFlags`, when given, is merged into `/SigFlags`.
    ///
    /// Writes the form's dictionary when it is an object of its own, else the catalog; a
    /// `/Fields` array that is an object of its own is written instead of either.
    public mutating func addFormField(_ field: PDFReference, signatureFlags: Int? = nil) throws(PDFReadError) {
        guard let catalogReference = file.catalogReference,
            var catalog = try currentObject(catalogReference).object.dictionaryValue
        else {
            throw .brokenStructure("the trailer's /Root is not a catalog dictionary")
        }
        let formReference = catalog["AcroForm"]?.referenceValue
        var form: PDFDictionary
        if let formReference {
            form = try currentObject(formReference).object.dictionaryValue ?? [:]
        } else {
            form = catalog["AcroForm"]?.dictionaryValue ?? [:]
        }

        var formChanged = false
        if let fieldsReference = form["Fields"]?.referenceValue {
            let existing = try currentObject(fieldsReference).object.arrayValue ?? []
            replace(fieldsReference, with: .array(existing + [.reference(field)]))
        } else {
            form["Fields"] = .array((form["Fields"]?.arrayValue ?? []) + [.reference(field)])
            formChanged = true
        }
        if let signatureFlags {
            let current = try file.resolve(form["SigFlags"] ?? .integer(0)).integerValue ?? 0
            if current | signatureFlags != current || form["SigFlags"]?.integerValue == nil {
                form["SigFlags"] = .integer(current | signatureFlags)
                formChanged = true
            }
        }
        guard formChanged else { return }
        if let formReference {
            replace(formReference, with: .dictionary(form))
        } else {
            catalog["AcroForm"] = .dictionary(form)
            replace(catalogReference, with: .dictionary(catalog))
        }
    }
}
