import Foundation

/// The resource a path under `/nuxeo/` names, with both of Nuxeo's roots (`api/v1` and
/// `site/api/v1`; `site/automation` and `api/v1/automation`) and both document forms (with
/// and without `repo/{name}/`).
enum NuxeoPath: Equatable {
    /// `runningstatus`.
    case runningStatus
    /// `json/cmis`.
    case serverInfo
    /// `authentication/token`.
    case token
    /// `nxfile/{repo}/{uid}/{xpath}/{filename}`: a blob by its document and xpath.
    case file(id: String, xpath: String)
    /// `site/automation` or `api/v1/automation`, then the operation id (none: the registry).
    case automation([String])
    /// A document, then its adapters (`@children`, `@blob`, `file:content`, …).
    case document(DocumentReference, adapters: [String])
    /// `api/v1/query[/{provider}]`.
    case query(provider: String?)
    /// `api/v1/search/lang/NXQL/execute`.
    case searchNXQL
    /// `api/v1/search/pp/{provider}/execute`.
    case searchProvider(String)
    /// `api/v1/@search`: the iOS SDK's query adapter on the API root.
    case rootSearch
    /// `api/v1/upload/…`.
    case upload([String])
    /// `api/v1/user/…`.
    case user([String])
    /// `api/v1/group/…`.
    case group([String])
    /// `api/v1/me`.
    case me
    /// `api/v1/directory/…`: the directories, one directory's entries, one entry.
    case directory([String])
    /// `api/v1/workflow/…`: running workflows, one workflow, its graph.
    case workflow([String])
    /// `api/v1/workflowModel/…`: the workflow models, one model, its graph.
    case workflowModel([String])
    /// `api/v1/task/…`: open tasks, one task, an action on it.
    case task([String])
    /// Nothing Chancery serves.
    case unknown

    /// The resource `path` (the whole request path, starting `/nuxeo/`) names.
    init(_ path: String) {
        let raw = path.utf8.firstIndex(of: UInt8(ascii: "?")).map { path[..<$0] } ?? path[...]
        var segments = raw.split(separator: "/", omittingEmptySubsequences: false).map(Self.decoded)
        if segments.first == "" { segments.removeFirst() }
        guard segments.first == "nuxeo" else {
            self = .unknown
            return
        }
        segments.removeFirst()
        let nonEmpty = segments.filter { !$0.isEmpty }
        switch nonEmpty.first {
        case "runningstatus" where nonEmpty.count == 1: self = .runningStatus
        case "json" where nonEmpty == ["json", "cmis"]: self = .serverInfo
        case "authentication" where nonEmpty == ["authentication", "token"]: self = .token
        case "nxfile" where nonEmpty.count >= 5:
            self = .file(id: nonEmpty[2], xpath: nonEmpty[3..<(nonEmpty.count - 1)].joined(separator: "/"))
        case "site" where nonEmpty.dropFirst().first == "automation":
            self = .automation(Array(nonEmpty.dropFirst(2)))
        case "site" where Array(nonEmpty.prefix(3)) == ["site", "api", "v1"]:
            self = Self.api(Array(segments.drop { $0.isEmpty }.dropFirst(3)))
        case "api" where Array(nonEmpty.prefix(2)) == ["api", "v1"]:
            self = Self.api(Array(segments.drop { $0.isEmpty }.dropFirst(2)))
        default:
            self = .unknown
        }
    }

    /// `segment` with its percent escapes decoded; as it is when it has none, or a malformed
    /// one. Most segments have none: Foundation's decoding, by way of `NSString`, is for the
    /// others only.
    private static func decoded(_ segment: Substring) -> String {
        let text = String(segment)
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        return text.removingPercentEncoding ?? text
    }

    /// The resource of the segments after `api/v1` (empty segments kept, for `path//@children`).
    private static func api(_ segments: [String]) -> NuxeoPath {
        var segments = segments
        if segments.first == "repo", segments.count >= 2 {
            guard segments[1] == Repository.name else { return .unknown }
            segments.removeFirst(2)
        }
        let nonEmpty = segments.filter { !$0.isEmpty }
        switch nonEmpty.first {
        case "id" where nonEmpty.count >= 2:
            return .document(.id(nonEmpty[1]), adapters: Array(nonEmpty.dropFirst(2)))
        case "path":
            let rest = segments.drop { $0 != "path" }.dropFirst()
            let pathPart = rest.prefix { !$0.hasPrefix("@") }
            let adapters = rest.dropFirst(pathPart.count).filter { !$0.isEmpty }
            return .document(.path(DocumentReference.normalized(pathPart.joined(separator: "/"))), adapters: Array(adapters))
        case "query" where nonEmpty.count <= 2: return .query(provider: nonEmpty.count == 2 ? nonEmpty[1] : nil)
        case "search" where nonEmpty == ["search", "lang", "NXQL", "execute"]: return .searchNXQL
        case "search" where nonEmpty.count == 4 && nonEmpty[1] == "pp" && nonEmpty[3] == "execute": return .searchProvider(nonEmpty[2])
        case "@search" where nonEmpty.count == 1: return .rootSearch
        case "upload": return .upload(Array(nonEmpty.dropFirst()))
        case "user": return .user(Array(nonEmpty.dropFirst()))
        case "group": return .group(Array(nonEmpty.dropFirst()))
        case "me" where nonEmpty.count == 1: return .me
        case "directory": return .directory(Array(nonEmpty.dropFirst()))
        case "workflow": return .workflow(Array(nonEmpty.dropFirst()))
        case "workflowModel": return .workflowModel(Array(nonEmpty.dropFirst()))
        case "task": return .task(Array(nonEmpty.dropFirst()))
        case "automation": return .automation(Array(nonEmpty.dropFirst()))
        default: return .unknown
        }
    }

    /// `text` percent-encoded for use as one path segment.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? text
    }

    private static let segmentCharacters = CharacterSet(
        charactersIn:
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@")
}
