import Foundation

extension IntdashClient {
    /// Reads edges: `GET …/api/v1/edges`, `…/edges/me`, `…/edges/me/password`.
    public final class EdgesAPI: Sendable {
        /// Sort orders.
        public enum OrderType: String, Sendable {
            /// Ascending.
            case asc
            /// Descending.
            case desc
        }

        /// Kinds of edge.
        public enum EdgeType: String, Sendable {
            /// A person.
            case user
            /// A device.
            case device
        }

        private let holder: SessionHolder

        /// The session the API uses.
        public var session: Session? {
            get { holder.session }
            set { holder.session = newValue }
        }

        /// Creates the API for `session`.
        public init(session: Session?) {
            holder = SessionHolder(session)
        }

        /// A page of the edges the caller may see, sorted by name.
        ///
        /// - Parameters:
        ///   - uuid: Only the edge with this UUID.
        ///   - limit: The page size; `nil` for the server's (100).
        ///   - page: The page, from 1.
        ///   - name: Only edges whose name contains this.
        ///   - nickname: Only edges whose nickname contains this.
        ///   - type: Only people or only devices.
        public func list(
            uuid: String? = nil, order: OrderType = .asc, limit: Int? = nil, page: Int? = nil, name: String? = nil, nickname: String? = nil,
            type: EdgeType? = nil
        ) async throws -> EdgesListResponse {
            var query: [(String, String)] = [("sort", "name"), ("order", order.rawValue)]
            if let uuid { query.append(("uuid", uuid)) }
            if let limit { query.append(("limit", String(limit))) }
            if let page { query.append(("page", String(page))) }
            if let name { query.append(("name", name)) }
            if let nickname { query.append(("nickname", nickname)) }
            if let type { query.append(("type", type.rawValue)) }
            let json = try await holder.transport().object("GET", "/edges", query: query)
            return EdgesListResponse(items: json.objects("items").map(EdgeItem.init(json:)), page: EdgesPage(json: json.object("page")))
        }

        /// A page of edges; see ``list(uuid:order:limit:page:name:nickname:type:)``.
        public func list(
            uuid: String? = nil, order: OrderType = .asc, limit: Int? = nil, page: Int? = nil, name: String? = nil, nickname: String? = nil,
            type: EdgeType? = nil, completion: @escaping @Sendable (EdgesListResponse?, RESTError?) -> Void
        ) {
            complete(completion) {
                try await self.list(uuid: uuid, order: order, limit: limit, page: page, name: name, nickname: nickname, type: type)
            }
        }

        /// The edge the session signed in as.
        public func me() async throws -> EdgesMeResponse {
            EdgeItem(json: try await holder.transport().object("GET", "/edges/me"))
        }

        /// The edge the session signed in as.
        public func me(completion: @escaping @Sendable (EdgesMeResponse?, RESTError?) -> Void) {
            complete(completion) { try await self.me() }
        }

        /// The state of the password of the edge the session signed in as.
        public func mePassword() async throws -> EdgesMePasswordResponse {
            EdgesMePasswordResponse(json: try await holder.transport().object("GET", "/edges/me/password"))
        }

        /// The state of the password of the edge the session signed in as.
        public func mePassword(completion: @escaping @Sendable (EdgesMePasswordResponse?, RESTError?) -> Void) {
            complete(completion) { try await self.mePassword() }
        }
    }
}
