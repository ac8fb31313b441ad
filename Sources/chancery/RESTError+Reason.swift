import Intdash

extension RESTError {
    /// The server's explanation of a refusal, else the whole error, in one line.
    var reason: String {
        message ?? code ?? description
    }
}
