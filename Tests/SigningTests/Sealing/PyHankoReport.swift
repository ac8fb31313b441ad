import Foundation

/// What pyHanko's validator says about every signature of a PDF file, read from a small
/// script run with the project's Python.
struct PyHankoReport: Decodable {
    /// One signature's status.
    struct Signature: Decodable {
        /// The signature field's name.
        let field: String
        /// Whether the signed bytes are unchanged.
        let intact: Bool
        /// Whether the cryptographic signature holds.
        let valid: Bool
        /// Whether the signer's certificate chains to a trusted root.
        let trusted: Bool
        /// How much of the file is signed: `ENTIRE_FILE`, `ENTIRE_REVISION`, …
        let coverage: String
        /// What later revisions changed: `LTA_UPDATES`, `FORM_FILLING`, `ANNOTATIONS`,
        /// `OTHER`; `null` when nothing followed.
        let modification: String?
        /// Whether the changes are within what the signature permits.
        let docmdpOK: Bool?
        /// Whether the signature carries a time-stamp token that pyHanko found intact, valid
        /// and trusted; `null` without a token.
        let timeStampValid: Bool?
        /// pyHanko's readable report.
        let details: String

        enum CodingKeys: String, CodingKey {
            case field, intact, valid, trusted, coverage, modification, details
            case docmdpOK = "docmdp_ok"
            case timeStampValid = "timestamp_valid"
        }
    }

    /// The signatures, oldest first.
    let signatures: [Signature]

    /// The script: validates every embedded signature against the trust roots given as PEM
    /// files, without network access, and prints JSON.
    static let script = """
        import json, sys
        from pyhanko.keys import load_cert_from_pemder
        from pyhanko.pdf_utils.reader import PdfFileReader
        from pyhanko.sign.validation import validate_pdf_signature
        from pyhanko_certvalidator import ValidationContext

        roots = [load_cert_from_pemder(path) for path in sys.argv[2:]]
        signatures = []
        with open(sys.argv[1], "rb") as handle:
            reader = PdfFileReader(handle)
            for embedded in reader.embedded_signatures:
                status = validate_pdf_signature(embedded, ValidationContext(trust_roots=roots, allow_fetching=False))
                stamp = status.timestamp_validity
                signatures.append({
                    "field": embedded.field_name,
                    "intact": status.intact, "valid": status.valid, "trusted": status.trusted,
                    "coverage": status.coverage.name,
                    "modification": status.modification_level.name if status.modification_level is not None else None,
                    "docmdp_ok": status.docmdp_ok,
                    "timestamp_valid": None if stamp is None else bool(stamp.intact and stamp.valid and stamp.trusted),
                    "details": status.pretty_print_details(),
                })
        print(json.dumps({"signatures": signatures}))
        """

    /// pyHanko's report on the PDF file at `path`, trusting the PEM files `roots`.
    static func validate(_ path: String, trusting roots: [String], in scratch: SealingScratch) async throws -> PyHankoReport {
        let script = try scratch.write(Array(Self.script.utf8), to: "validate-\(UUID().uuidString).py")
        let result = try await ValidatorTool.python.run([script, path] + roots, in: scratch.url)
        guard result.status == 0, let json = result.output.split(separator: "\n").last else {
            throw ValidatorTool.Failure(description: "pyHanko failed (\(result.status)): \(result.output)\n\(result.errors)")
        }
        return try JSONDecoder().decode(PyHankoReport.self, from: Data(json.utf8))
    }
}
