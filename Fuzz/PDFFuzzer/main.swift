// The PDF reader's fuzz target, built as a libFuzzer fuzzer by scripts/fuzz-pdf and as a
// replaying tool by a plain `swift build` (see Fuzz/FuzzDriver).
//
// A crash, a hang or a sanitizer report is a bug; errors thrown by the reader are not.

import Foundation
import FuzzDriver
import PDF

/// Reads `bytes` as a PDF file the way Chancery does, everything at once: pages and their
/// text, every object, every stream decoded, form fields, document information; then writes an
/// incremental update of it (a signature-like field added to the first page and the form)
/// and reads the result again.
func exercise(_ bytes: [UInt8]) {
    guard let file = try? PDFFile(bytes: bytes) else { return }
    let pages = (try? file.pages()) ?? []
    for page in pages {
        _ = try? file.textGlyphs(on: page)
    }
    for number in file.objectNumbers {
        let reference = PDFReference(number: number, generation: file.generation(of: number) ?? 0)
        if let stream = (try? file.object(reference))?.stream {
            _ = try? file.decodedData(of: stream, reference: reference)
        }
    }
    _ = try? file.formFields()
    _ = file.documentInfo()

    var update = PDFIncrementalUpdate(file: file)
    let field = update.add(.dictionary(["FT": .name("Sig"), "T": .string(Array("Fuzz".utf8)), "Subtype": .name("Widget")]))
    if let page = pages.first {
        try? update.addAnnotation(field, to: page.reference)
    }
    try? update.addFormField(field, signatureFlags: 3)
    guard let updated = try? PDFFile(bytes: update.serialize().bytes) else { return }
    _ = try? updated.pages()
    _ = try? updated.formFields()
}

FuzzDriver.run(exercise)
