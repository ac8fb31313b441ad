import ISCP

/// Why an iSCP v2 request failed, as a response carries it: a result code and a sentence.
struct ISCP2Failure: Error, Sendable {
    /// The code the response carries.
    let code: ISCP2ResultCode
    /// A sentence that says what is wrong, the response's `result_string`.
    let message: String

    /// Creates a failure.
    init(_ code: ISCP2ResultCode, _ message: String) {
        self.code = code
        self.message = message
    }
}
