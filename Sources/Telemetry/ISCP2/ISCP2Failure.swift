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

    /// The failure of a request whose storing failed with `error`: `SESSION_NOT_FOUND` when
    /// the session's measurement no longer exists, `PROCESS_FAILED` otherwise; `what` says
    /// what could not be stored.
    static func storing(_ what: String, failedWith error: any Error) -> ISCP2Failure {
        if case CatalogError.measurementNotFound(let uuid)? = error as? CatalogError {
            return ISCP2Failure(.sessionNotFound, "\(what) could not be stored: measurement \(uuid) does not exist (any more)")
        }
        return ISCP2Failure(.processFailed, "\(what) could not be stored: \(error)")
    }
}
