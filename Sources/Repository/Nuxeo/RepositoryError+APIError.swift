import HTTPSupport
import HTTPTypes

extension RepositoryError {
    /// The HTTP form of the error: 404, 403, 409, 400, 413, 507, 501 (no converter) or 422
    /// (a failed conversion), with the same message.
    var apiError: APIError {
        switch self {
        case .documentNotFound, .directoryNotFound, .directoryEntryNotFound, .workflowNotFound, .principalNotFound:
            return APIError(.notFound, description)
        case .forbidden, .directoryNotEditable, .workflowForbidden: return APIError(.forbidden, description)
        case .locked, .conflict: return APIError(.conflict, description)
        case .invalid: return APIError(.badRequest, description)
        case .fileTooLarge: return APIError(.contentTooLarge, description)
        case .quotaExceeded: return APIError(HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), description)
        case .converterUnavailable: return APIError(.notImplemented, description)
        case .conversionFailed: return APIError(.unprocessableContent, description)
        }
    }
}
