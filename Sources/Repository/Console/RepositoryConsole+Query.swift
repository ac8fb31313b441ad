import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird

/// `GET /repository/query`: the NXQL form and its results.
extension RepositoryConsole {
    /// The query page: the form alone without `q`, else the page of results asked for, or the
    /// form with the reason the query cannot run (as a 400).
    func query(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let (viewer, checker) = try Self.reader(of: request, context: context)
        let parameters = FormEncodedQuery(request.uri.query)
        guard let nxql = parameters["q"], !nxql.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return ConsoleResponse.page(QueryPage.html(nxql: nil, outcome: .none, viewer: viewer))
        }
        let paging = try ConsolePaging(parameters)
        do {
            let results = try await repository.query(nxql, page: paging.request, for: checker)
            return ConsoleResponse.page(QueryPage.html(nxql: nxql, outcome: .results(results, paging), viewer: viewer))
        } catch RepositoryError.invalid(let reason) {
            return ConsoleResponse.page(QueryPage.html(nxql: nxql, outcome: .invalid(reason), viewer: viewer), status: .badRequest)
        }
    }
}
