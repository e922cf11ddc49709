import APNsWorkspace
import Foundation
import HTTPKit
import Storage
import Templates

/// `/devices`: each user's own test devices. A device is added with the form (the token typed,
/// or a line of an app's log pasted: the token is found in it) and an explicitly chosen
/// environment; each refusal shows at its field.
struct DevicePages: Sendable {
    let devices: TestDeviceStore
    let pages: PageRenderer

    /// Adds the page, the form's post and the removal.
    func register(in router: inout DashboardRoutes) {
        router.get("/devices", .editor) { request, _ in
            try page(request, errors: [:], entered: [:], flash: request.queryItems["done"])
        }
        router.post("/devices", .editor) { request, _ in try add(request) }
        router.post("/devices/{id}/remove", .editor) { request, parameters in
            guard try devices.remove(parameters["id"] ?? "", of: Author.name(of: request)) else {
                throw HTTPError(
                    .notFound, message: "You have no device with this id; it may have been removed already.")
            }
            let back = request.postedField("back") ?? ""
            return Response(redirectTo: back.hasPrefix("/send") ? back : "/devices?done=removed")
        }
    }

    private func add(_ request: Request) throws -> Response {
        let form = try request.urlEncodedForm()
        let entered = ["name", "token", "environment", "bundleID", "platform"].reduce(
            into: [String: String]()
        ) {
            $0[$1] = form[$1] ?? ""
        }
        let input: TestDeviceInput
        do {
            input = try TestDeviceInput(
                name: entered["name"] ?? "", token: entered["token"] ?? "",
                environment: entered["environment"] ?? "",
                bundleID: entered["bundleID"] ?? "", platform: entered["platform"] ?? "")
        } catch {
            var response = try page(request, errors: error.byField, entered: entered, flash: nil)
            response.status = .unprocessableContent
            return response
        }
        guard
            try devices.add(
                owner: Author.name(of: request), name: input.name, token: input.token,
                environment: input.environment, bundleID: input.bundleID, platform: input.platform) != nil
        else {
            var response = try page(
                request, errors: ["token": "You have a device with this token already."], entered: entered,
                flash: nil)
            response.status = .conflict
            return response
        }
        return Response(redirectTo: "/devices?done=added")
    }

    private func page(_ request: Request, errors: [String: String], entered: [String: String], flash: String?)
        throws
        -> Response
    {
        let list = try devices.devices(of: Author.name(of: request)).map { device -> TemplateValue in
            .object([
                "id": .string(device.id), "name": .string(device.name), "token": .string(device.token),
                "environment": .string(device.environment.capitalized), "bundleID": .string(device.bundleID),
                "platform": .string(device.platform),
            ])
        }
        let platform = entered["platform"] ?? "iOS"
        let values: [String: TemplateValue] = [
            "devices": .list(list), "hasDevices": .bool(!list.isEmpty),
            "errors": .object(errors.mapValues(TemplateValue.string)), "invalid": .bool(!errors.isEmpty),
            "name": .string(entered["name"] ?? ""), "token": .string(entered["token"] ?? ""),
            "bundleID": .string(entered["bundleID"] ?? ""),
            "environment": .object([(entered["environment"] ?? ""): .bool(true)]),
            "platforms": .list(
                TestDeviceInput.platforms.map {
                    .object(["name": .string($0), "selected": .bool($0 == platform)])
                }),
            "flash": flash.map { .list([["kind": "success", "text": .string("Device \($0).")]]) }
                ?? .list([]),
        ]
        return try pages.page("sending/devices", title: "Test devices", section: .sending, values: values)
    }
}
