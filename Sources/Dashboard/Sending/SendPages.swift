import APNs
import APNsWorkspace
import Foundation
import HTTPKit
import NotificationKit
import Registry
import Storage
import Templates

/// `/send` (a saved notification, or a payload pasted, to some of the user's own devices: the
/// doctor's findings before, each device's explained answer after) and `/sends`, the send log
/// (an admin's is everyone's, anyone else's their own), 100 a page.
struct SendPages: Sendable {
    let sender: TestSender
    let devices: TestDeviceStore
    let notifications: NotificationStore
    let catalog: CategoryCatalog
    let log: SendLogStore
    let pages: PageRenderer

    /// Adds the send page, its post and the log.
    func register(in router: inout DashboardRoutes) {
        router.get("/send", .editor) { request, _ in
            let source = try source(
                request.queryItems["notification"], revision: request.queryItems["revision"])
            return try page(request, source: source, outcomes: nil, problem: nil)
        }
        router.post("/send", .editor) { request, _ in try send(request) }
        router.get("/sends", .editor) { request, _ in try logPage(request) }
    }

    private func source(_ id: String?, revision: String?) throws -> SendSource? {
        guard let id, !id.isEmpty else { return nil }
        return try SendSource.notification(id, revision: revision.flatMap { Int($0) }, in: notifications)
    }

    private func send(_ request: Request) throws -> Response {
        let form = try request.urlEncodedForm()
        var source = try source(form["notification"], revision: form["revision"])
        if source == nil {
            var headers = APNsHeaders()
            headers.pushType = (form["pushType"] ?? "").isEmpty ? "alert" : form["pushType"]
            headers.topic = (form["topic"] ?? "").isEmpty ? nil : form["topic"]
            source = SendSource(
                payload: Array((form["payload"] ?? "").utf8), headers: headers, notificationID: nil,
                revision: nil,
                name: "Pasted payload")
        }
        guard let source else { throw HTTPError(.invalidSend, message: "Nothing to send.") }
        let owner = Author.name(of: request)
        let chosen = try form.values(for: "device").compactMap { try devices.device($0, of: owner) }
        let report = try source.report(catalog)
        do {
            let outcomes = try sender.send(
                TestSendRequest(
                    payload: source.payload, headers: source.headers, notificationID: source.notificationID,
                    notificationRevision: source.revision, devices: chosen),
                report: report, by: owner)
            return try page(request, source: source, outcomes: outcomes, problem: nil)
        } catch TestSendError.devices(let message) {
            return try refused(request, source: source, problem: message, status: .unprocessableContent)
        } catch TestSendError.invalidPayload(let report) {
            let reasons = report.diagnostics.filter { $0.severity == .error }.prefix(5).map(\.message)
            let message = "The payload is invalid, so nothing was sent: " + reasons.joined(separator: " ")
            return try refused(request, source: source, problem: message, status: .unprocessableContent)
        } catch TestSendError.rateLimited(let seconds) {
            var response = try refused(
                request, source: source,
                problem: "You sent 60 test pushes in the last minute: try again in \(seconds) s.",
                status: .tooManyRequests)
            response.headers.add(name: "Retry-After", value: String(seconds))
            return response
        }
    }

    private func refused(_ request: Request, source: SendSource?, problem: String, status: HTTPStatus) throws
        -> Response
    {
        var response = try page(request, source: source, outcomes: nil, problem: problem)
        response.status = status
        return response
    }

    private func page(_ request: Request, source: SendSource?, outcomes: [DeviceOutcome]?, problem: String?)
        throws
        -> Response
    {
        let owner = Author.name(of: request)
        let mine = try devices.devices(of: owner)
        let headers = source?.headers ?? APNsHeaders()
        let doctor = sender.findings(for: mine, headers: headers)
        let back =
            "/send" + (source?.notificationID.map { "?notification=\($0)" } ?? "")
        let deviceValues = doctor.map { entry -> TemplateValue in
            .object([
                "id": .string(entry.device.id), "name": .string(entry.device.name),
                "environment": .string(entry.device.environment.capitalized),
                "topic": .string(TestSender.topic(for: entry.device, headers: headers)),
                "credential": .string(entry.credential ?? "none"),
                "findings": .list(
                    entry.findings.filter { $0.severity != .info }.map(SendOutcomeView.finding)),
            ])
        }
        let values: [String: TemplateValue] = [
            "hasSource": .bool(source?.notificationID != nil), "name": .string(source?.name ?? ""),
            "notification": .string(source?.notificationID ?? ""), "revision": .int(source?.revision ?? 0),
            "payload": .string(String(decoding: source?.payload ?? [], as: UTF8.self)),
            "pushType": .string(headers.pushType ?? "alert"), "topic": .string(headers.topic ?? ""),
            "devices": .list(deviceValues), "hasDevices": .bool(!mine.isEmpty),
            "problem": .string(problem ?? ""),
            "outcomes": .list((outcomes ?? []).map(SendOutcomeView.template)),
            "sent": .bool(outcomes != nil), "back": .string(back),
            "maximum": .int(TestSender.maximumDevices),
        ]
        return try pages.page("sending/send", title: "Send test", section: .notifications, values: values)
    }

    private func logPage(_ request: Request) throws -> Response {
        let everyone = request.authenticatedActor == nil || PageSession.admin
        let offset = max(0, Int(request.queryItems["offset"] ?? "0") ?? 0)
        let (records, total) = try log.page(
            actor: everyone ? nil : Author.name(of: request), limit: Self.pageSize, offset: offset)
        let rows = records.map { record -> TemplateValue in
            .object([
                "at": .string(Timestamp.readable(record.at)), "actor": .string(record.actor),
                "what": .string(
                    record.notificationID.map { "\($0) r\(record.notificationRevision ?? 0)" }
                        ?? "payload " + String(record.payloadSHA256.prefix(12))),
                "device": .string(record.deviceName), "environment": .string(record.environment),
                "credential": .string(record.credential),
                "status": .string(record.status.map(String.init) ?? "no answer"),
                "reason": .string(record.reason ?? record.failure ?? ""),
                "apnsID": .string(record.apnsID ?? ""),
                "roundTrip": .string(String(format: "%.0f ms", record.roundTripMilliseconds)),
            ])
        }
        let values: [String: TemplateValue] = [
            "records": .list(rows), "hasRecords": .bool(!rows.isEmpty), "everyone": .bool(everyone),
            "total": .int(total),
            "next": .string(offset + Self.pageSize < total ? "/sends?offset=\(offset + Self.pageSize)" : ""),
            "previous": .string(offset > 0 ? "/sends?offset=\(max(0, offset - Self.pageSize))" : ""),
        ]
        return try pages.page("sending/sends", title: "Send log", section: .sending, values: values)
    }

    /// Records per page of the log.
    static let pageSize = 100
}
