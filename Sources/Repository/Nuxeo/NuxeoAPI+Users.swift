import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import JSON

/// Users, groups, the current user and device tokens (spec §1.4 and §1.10).
extension NuxeoAPI {
    func user(_ call: inout NuxeoCall, segments: [String]) async throws -> Response {
        switch (call.request.method, segments.count) {
        case (.post, 0):
            try requireAdministrator(call)
            let properties = try await userProperties(&call)
            guard let name = properties["username"]?.stringValue, !name.isEmpty else {
                throw APIError(.badRequest, "the user entity needs properties.username")
            }
            guard let password = properties["password"]?.stringValue, !password.isEmpty else {
                throw APIError(.badRequest, "the user entity needs properties.password")
            }
            let groups = Self.groups(in: properties) ?? []
            try await accounts.createUser(name: name, password: password, groups: Array(Set(groups + [Group.members])))
            try await accounts.setProfile(Self.profile(from: properties, base: UserProfile()), ofUser: name)
            return try await userResponse(name, status: .created)
        case (.get, 1):
            return try await userResponse(segments[0], status: .ok)
        case (.put, 1):
            let name = segments[0]
            guard call.principal.isAdministrator || call.principal.userName == name else {
                throw APIError(.forbidden, "only administrators may change other users")
            }
            let properties = try await userProperties(&call)
            let profile = try await accounts.profile(ofUser: name)
            try await accounts.setProfile(Self.profile(from: properties, base: profile), ofUser: name)
            if let password = properties["password"]?.stringValue, !password.isEmpty {
                try await accounts.setPassword(userName: name, to: password)
            }
            if let groups = Self.groups(in: properties), call.principal.isAdministrator {
                try await accounts.setGroups(Array(Set(groups + [Group.members])), ofUser: name)
            }
            return try await userResponse(name, status: .ok)
        case (.delete, 1):
            try requireAdministrator(call)
            guard segments[0] != AccountStore.administratorName else { throw APIError(.forbidden, "the Administrator user cannot be deleted") }
            try await accounts.deleteUser(named: segments[0])
            return NuxeoCall.noContent
        default:
            throw APIError(.notFound, "no user resource at \(call.request.uri.path)")
        }
    }

    /// The user entity of `name`.
    func userResponse(_ name: String, status: HTTPResponse.Status) async throws -> Response {
        guard let user = try await accounts.user(named: name) else { throw APIError(.notFound, "no user named \(name)") }
        let profile = try await accounts.profile(ofUser: name)
        return try NuxeoCall.json(UserEntity(user, profile: profile), status: status)
    }

    func group(_ call: inout NuxeoCall, segments: [String]) async throws -> Response {
        switch (call.request.method, segments.count) {
        case (.post, 0):
            try requireAdministrator(call)
            let details = try await groupDetails(&call, name: nil)
            try await accounts.saveGroup(details, replacing: false)
            return try await groupResponse(details.name, status: .created)
        case (.get, 1):
            return try await groupResponse(segments[0], status: .ok)
        case (.put, 1):
            try requireAdministrator(call)
            try await accounts.saveGroup(try await groupDetails(&call, name: segments[0]), replacing: true)
            return try await groupResponse(segments[0], status: .ok)
        case (.delete, 1):
            try requireAdministrator(call)
            try await accounts.deleteGroup(named: segments[0])
            return NuxeoCall.noContent
        default:
            throw APIError(.notFound, "no group resource at \(call.request.uri.path)")
        }
    }

    private func groupResponse(_ name: String, status: HTTPResponse.Status) async throws -> Response {
        guard let group = try await accounts.group(named: name) else { throw APIError(.notFound, "no group named \(name)") }
        return try NuxeoCall.json(GroupEntity(group), status: status)
    }

    private func groupDetails(_ call: inout NuxeoCall, name: String?) async throws -> GroupDetails {
        guard case .object(let body)? = try await call.jsonBody() else { throw APIError(.badRequest, "the body must be a group entity") }
        guard let groupName = name ?? body["groupname"]?.stringValue ?? body["id"]?.stringValue, !groupName.isEmpty else {
            throw APIError(.badRequest, "the group entity needs a groupname")
        }
        return GroupDetails(
            name: groupName, label: body["grouplabel"]?.stringValue ?? groupName,
            memberUsers: body["memberUsers"]?.arrayValue?.compactMap(\.stringValue) ?? [],
            memberGroups: body["memberGroups"]?.arrayValue?.compactMap(\.stringValue) ?? []
        )
    }

    /// `authentication/token`: acquires (201, the token as text) or revokes (202) the caller's
    /// device token for an application and device.
    func token(_ call: NuxeoCall) async throws -> Response {
        guard let application = call.parameter("applicationName"), !application.isEmpty,
            let device = call.parameter("deviceId"), !device.isEmpty
        else { return NuxeoCall.text("applicationName and deviceId are required", status: .badRequest) }
        if call.parameter("revoke")?.lowercased() == "true" {
            guard try await accounts.revokeDeviceToken(for: call.principal, application: application, deviceID: device) else {
                return NuxeoCall.text(
                    "No token found for userName \(call.principal.userName), applicationName \(application) and deviceId \(device)",
                    status: .badRequest)
            }
            return NuxeoCall.text(
                "Token revoked for userName \(call.principal.userName), applicationName \(application) and deviceId \(device)", status: .accepted)
        }
        guard let permission = call.parameter("permission"), !permission.isEmpty else {
            return NuxeoCall.text("permission is required", status: .badRequest)
        }
        let token = try await accounts.deviceToken(
            for: call.principal, application: application, deviceID: device, permission: permission,
            description: call.parameter("deviceDescription"), key: tokenKey
        )
        return NuxeoCall.text(token.token, status: .created)
    }

    private func requireAdministrator(_ call: NuxeoCall) throws {
        guard call.principal.isAdministrator else { throw APIError(.forbidden, "only administrators may do this") }
    }

    private func userProperties(_ call: inout NuxeoCall) async throws -> [String: JSONValue] {
        guard case .object(let body)? = try await call.jsonBody(), case .object(let properties)? = body["properties"] else {
            throw APIError(.badRequest, "the body must be a user entity with properties")
        }
        return properties
    }

    private static func groups(in properties: [String: JSONValue]) -> [String]? {
        guard case .array(let groups)? = properties["groups"] else { return nil }
        return groups.compactMap(\.stringValue)
    }

    private static func profile(from properties: [String: JSONValue], base: UserProfile) -> UserProfile {
        var profile = base
        if let value = properties["firstName"]?.stringValue { profile.firstName = value }
        if let value = properties["lastName"]?.stringValue { profile.lastName = value }
        if let value = properties["email"]?.stringValue { profile.email = value }
        if let value = properties["company"]?.stringValue { profile.company = value }
        return profile
    }
}
