import Foundation

/// The settings of a `NUXSession-info.plist`, each optional: `URL`, `Repository`,
/// `ApiPrefix`, `Username`, `Password`.
struct NUXSessionPropertyList {
    var url: URL?
    var repository: String?
    var apiPrefix: String?
    var username: String?
    var password: String?

    /// Reads the property list at `file`.
    ///
    /// - Throws: ``NUXError/invalidPropertyFile(path:)`` if it is not a dictionary property
    ///   list, or its `URL` is not a URL.
    init(contentsOf file: URL) throws {
        guard let data = try? Data(contentsOf: file),
            let plist = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any]
        else { throw NUXError.invalidPropertyFile(path: file.path) }
        if let text = plist["URL"] as? String {
            guard let url = URL(string: text) else { throw NUXError.invalidPropertyFile(path: file.path) }
            self.url = url
        }
        repository = plist["Repository"] as? String
        apiPrefix = plist["ApiPrefix"] as? String
        username = plist["Username"] as? String
        password = plist["Password"] as? String
    }
}
