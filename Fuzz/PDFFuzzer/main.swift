// The PDF reader's fuzz target. Built two ways:
//
// - by scripts/fuzz-pdf with `-sanitize=fuzzer,address -DFUZZING`: a libFuzzer fuzzer that
//   calls `LLVMFuzzerTestOneInput` with each input it makes;
// - by a plain `swift build`: a tool that runs the same checks over the files named on its
//   command line, to replay a crashing input, e.g. under the debugger.
//
// A crash, a hang or a sanitizer report is a bug; errors thrown by the reader are not.
//
// SwiftPM links an executable with `main` aliased to this file's top-level code, which hides
// libFuzzer's own `main`, so in the fuzzer the top-level code starts libFuzzer itself through
// `LLVMFuzzerRunDriver`, libFuzzer's entry point for programs that have their own `main`.

import Foundation
import PDF

/// libFuzzer's entry point for one input: runs ``exercise(_:)`` over the `count` bytes at
/// `start`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    exercise(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}

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

#if FUZZING
/// libFuzzer's driver: parses libFuzzer's command line `argc`/`argv` and fuzzes `test`
/// (needs `-enable-experimental-feature Extern`).
@_extern(c, "LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ test: @convention(c) (UnsafeRawPointer?, Int) -> CInt
) -> CInt

// Hands the command line to libFuzzer, which runs until it finds a bug or its limits end it.
var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argc, &argv, fuzz))
#else
// Replays the files named on the command line through exercise(_:), one by one.
for path in CommandLine.arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path) else {
        print("\(path): cannot read")
        exit(1)
    }
    exercise(Array(data))
    print("\(path): no crash")
}
#endif
