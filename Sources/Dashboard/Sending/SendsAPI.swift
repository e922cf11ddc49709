import APNsWorkspace
import Foundation
import HTTPKit
import JSON
import NotificationKit
import Registry
import Storage

/// `POST /api/v1/sends` (editors: a saved notification, or a payload text with its headers, to
/// some of the caller's devices; the answer per device) and `GET /api/v1/sends` (the send log:
/// an admin's is everyone's, anyone else's their own).
struct SendsAPI: Sendable {
    let sender: TestSender
    let devices: TestDeviceStore
    let notifications: NotificationStore
    let catalog: CategoryCatalog
    let log: SendLogStore

    /// Adds the two routes.
    func register(in router: inout DashboardRoutes) {
        router.post("/api/v1/sends", .editor) { request, _ in try send(request) }
        router.get("/api/v1/sends", .editor) { request, _ in try list(request) }
    }

    private func send(_ request: Request) throws -> Response {
        let body = try JSONRequestBody(request)
        let root = body.root
        let source: SendSource
        if let id = root["notification"]?.value.stringValue {
            let revision = root["revision"].flatMap { node -> Int? in
                if case .number(let number) = node.value { return number.int64Value.map(Int.init) }
                return nil
            }
            source = try SendSource.notification(id, revision: revision, in: notifications)
        } else if let payload = root["payload"]?.value.stringValue {
            var headers = APNsHeaders()
            if case .object(let members)? = root["headers"]?.value {
                for member in members {
                    guard let value = member.value.value.stringValue else {
                        throw HTTPError(.invalidSend, message: "The header \(member.key) must be a string.")
                    }
                    guard APNsHeaders.names.contains(member.key) else {
                        throw HTTPError(.invalidSend, message: "\(member.key) is not an APNs header.")
                    }
                    headers[member.key] = value
                }
            }
            source = SendSource(
                payload: Array(payload.utf8), headers: headers, notificationID: nil, revision: nil,
                name: "payload")
        } else {
            throw HTTPError(
                .invalidSend,
                message: "Give \"notification\" (a saved notification's id) or \"payload\" (the text).")
        }
        guard case .array(let ids)? = root["devices"]?.value else {
            throw HTTPError(.invalidSend, message: "Give \"devices\": an array of your devices' ids.")
        }
        let owner = Author.name(of: request)
        var chosen: [StoredTestDevice] = []
        for node in ids {
            guard let id = node.value.stringValue, let device = try devices.device(id, of: owner) else {
                throw HTTPError(
                    .invalidSend,
                    message: "\(node.value.stringValue ?? "a device") is not one of your devices.")
            }
            chosen.append(device)
        }
        let report = try source.report(catalog)
        do {
            let outcomes = try sender.send(
                TestSendRequest(
                    payload: source.payload, headers: source.headers, notificationID: source.notificationID,
                    notificationRevision: source.revision, devices: chosen),
                report: report, by: owner)
            var answer = JSONObjectBuilder()
            answer.set("notification", source.notificationID)
            answer.set("revision", source.revision)
            answer.set("results", .list(outcomes.map(SendOutcomeView.json)))
            return APIResponse.json(answer.value)
        } catch TestSendError.devices(let message) {
            throw HTTPError(.invalidSend, message: message)
        } catch TestSendError.invalidPayload(let report) {
            let reasons = report.diagnostics.filter { $0.severity == .error }.prefix(5).map(\.message)
            throw HTTPError(
                .invalidSendPayload,
                message: "The payload is invalid; nothing was sent: " + reasons.joined(separator: " "))
        } catch TestSendError.rateLimited(let seconds) {
            throw HTTPError(
                .sendRateLimited, message: "Over 60 test pushes a minute; try again in \(seconds) s.",
                headers: ["Retry-After": String(seconds)])
        }
    }

    private func list(_ request: Request) throws -> Response {
        let everyone = request.authenticatedActor == nil || PageSession.admin
        let limit = min(1000, max(1, Int(request.queryItems["limit"] ?? "100") ?? 100))
        let offset = max(0, Int(request.queryItems["offset"] ?? "0") ?? 0)
        let (records, total) = try log.page(
            actor: everyone ? nil : Author.name(of: request), limit: limit, offset: offset)
        var answer = JSONObjectBuilder()
        answer.set("total", total)
        answer.set("sends", .list(records.map(SendOutcomeView.json)))
        return APIResponse.json(answer.value)
    }
}
