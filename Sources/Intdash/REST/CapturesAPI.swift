import Foundation

extension IntdashClient {
    /// Reads captures: `GET …/api/v1/captures`.
    public final class CapturesAPI: Sendable {
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

        /// A page of the captures that start between `start` and `end` (seconds since 1970).
        ///
        /// - Parameter limit: The page size; 0 for the server's.
        public func list(start: TimeInterval, end: TimeInterval, limit: Int = 0, page: Int? = nil) async throws -> CapturesListResponse {
            var query: [(String, String)] = [
                ("start", String(Int64((start * 1_000_000).rounded()))), ("end", String(Int64((end * 1_000_000).rounded()))),
            ]
            if limit > 0 { query.append(("limit", String(limit))) }
            if let page { query.append(("page", String(page))) }
            let json = try await holder.transport().object("GET", "/captures", query: query)
            return CapturesListResponse(
                items: json.objects("items").map(CaptureItem.init(json:)), page: json.object("page").map(CapturesPage.init(json:)))
        }

        /// A page of captures; see ``list(start:end:limit:page:)``.
        public func list(
            start: TimeInterval, end: TimeInterval, limit: Int = 0, page: Int? = nil,
            completion: @escaping @Sendable (CapturesListResponse?, RESTError?) -> Void
        ) {
            complete(completion) { try await self.list(start: start, end: end, limit: limit, page: page) }
        }
    }
}
