import Foundation
import HTTPSupport

/// The URLs of the console's pages, as paths on this server.
///
/// They are URLs, not HTML: the templates escape them when they put them in an attribute.
/// Query values are percent-encoded so that ``HTTPSupport/FormEncodedQuery`` reads them back
/// exactly (`+` and `&` included).
enum ConsoleLink {
    /// Where the console lives.
    static let root = "/repository"

    /// The listing of the folder at `path`.
    static func browse(path: String, page: Int? = nil, pageSize: Int? = nil) -> String {
        "\(root)/browse?path=\(encoded(path))" + paging(page: page, pageSize: pageSize)
    }

    /// The listing of the folder whose id is `id`.
    static func browse(id: String, page: Int? = nil, pageSize: Int? = nil) -> String {
        "\(root)/browse?id=\(encoded(id))" + paging(page: page, pageSize: pageSize)
    }

    /// The page of the document whose id is `id`.
    static func document(id: String) -> String {
        "\(root)/document/\(segment(id))"
    }

    /// The download of the blob at `xpath` (`file:content`, `files:files/0/file`) of the
    /// document whose id is `id`.
    static func blob(documentID id: String, xpath: String) -> String {
        "\(document(id: id))/blob?xpath=\(encoded(xpath))"
    }

    /// The query page, with `nxql` run when given.
    static func query(_ nxql: String? = nil, page: Int? = nil, pageSize: Int? = nil) -> String {
        guard let nxql else { return "\(root)/query" }
        return "\(root)/query?q=\(encoded(nxql))" + paging(page: page, pageSize: pageSize)
    }

    /// Where a document's main file is notarized.
    static func notarize(documentID: String) -> String {
        change(documentID: documentID, "notarize")
    }

    /// Where the change `name` (`properties`, `file`, `permissions`, `trash`, `restore`, `lock`,
    /// `unlock`) of the document `documentID` is posted.
    static func change(documentID: String, _ name: String) -> String {
        "\(root)/document/\(segment(documentID))/\(name)"
    }

    /// Where a local ACL entry of the document `documentID` is removed (the form names it).
    static func removePermission(documentID: String) -> String {
        "\(root)/document/\(segment(documentID))/permissions/remove"
    }

    /// Where the change `name` (`create`, `upload`) of the folder `folderID` is posted.
    static func folderChange(folderID: String, _ name: String) -> String {
        "\(root)/folder/\(segment(folderID))/\(name)"
    }

    /// The listing of what is in the trash in the folder whose id is `id`.
    static func trash(folderID id: String) -> String {
        browse(id: id) + "&trash=true"
    }

    /// The stylesheet every page loads.
    static let stylesheet = "\(root)/assets/console.css"

    /// The script that sends files with their progress.
    static let uploadScript = "\(root)/assets/upload.js"

    private static func paging(page: Int?, pageSize: Int?) -> String {
        (page.map { "&page=\($0)" } ?? "") + (pageSize.map { "&pageSize=\($0)" } ?? "")
    }

    /// `text` as a query value: everything but unreserved characters, `/` and `:` escaped.
    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryValueCharacters) ?? ""
    }

    /// `text` as one path segment.
    private static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    private static let queryValueCharacters = unreserved.union(CharacterSet(charactersIn: "/:"))
}
