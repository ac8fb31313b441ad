import Accounts
import Foundation
import SQLKit

/// Which edges and measurements a principal may see and change.
///
/// The rule of the telemetry catalog:
/// - an **administrator** (member of `administrators`) sees every edge and measurement;
/// - an **edge** (a principal whose user name is an edge UUID and who belongs to the `edges`
///   group, as every device edge's own user does) sees itself and the measurements recorded
///   under its UUID;
/// - any other **person** sees the edges they own and the measurements of those edges.
///
/// What a principal cannot see does not exist for it: stores answer as if the edge or
/// measurement were unknown, so that its existence is not revealed.
public enum CatalogScope: Sendable, Hashable {
    /// Everything: an administrator.
    case everything
    /// The edges owned by the user with this id, and their measurements: a person.
    case owner(userID: String)
    /// The edge with this lowercase UUID and its measurements: an edge.
    case edge(uuid: String)

    /// The scope of `principal`, by the rule above.
    public init(_ principal: Principal) {
        if principal.isAdministrator {
            self = .everything
        } else if principal.isMember(of: EdgeStore.edgesGroup), let uuid = UUID(uuidString: principal.userName) {
            self = .edge(uuid: uuid.uuidString.lowercased())
        } else {
            self = .owner(userID: principal.userID)
        }
    }

    /// The condition an edge row (of `telemetry_edges`) must meet to be visible.
    var edgeCondition: (any SQLExpression)? {
        switch self {
        case .everything: return nil
        case .owner(let userID): return SQLBinaryExpression(SQLColumn("owner_user_id"), .equal, SQLBind(userID))
        case .edge(let uuid): return SQLBinaryExpression(SQLColumn("uuid"), .equal, SQLBind(uuid))
        }
    }

    /// The condition a measurement row (of `telemetry_measurements`) must meet to be visible.
    var measurementCondition: (any SQLExpression)? {
        switch self {
        case .everything:
            return nil
        case .owner(let userID):
            return SQLQueryString("edge_uuid IN (SELECT uuid FROM telemetry_edges WHERE owner_user_id = \(bind: userID))")
        case .edge(let uuid):
            return SQLBinaryExpression(SQLColumn("edge_uuid"), .equal, SQLBind(uuid))
        }
    }
}
