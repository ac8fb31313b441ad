import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The standard phrases of HTTP statuses, for errors whose body explains nothing.
enum HTTPStatus {
    /// The phrase of `statusCode`, such as "not found".
    static func phrase(_ statusCode: Int) -> String {
        HTTPURLResponse.localizedString(forStatusCode: statusCode)
    }
}
