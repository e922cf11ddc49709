import APNs
import Foundation
import NotificationKit

/// `pushboard send`: a test push to a handful of devices (at most 20), for engineers. The
/// payload is validated exactly as `validate` and `export` do, and an invalid one is never
/// sent; the credential doctor runs first; each device gets one explained line.
enum SendCommand: Command {
    static let words = ["send"]
    static let valueOptions = HeaderOptions.names.union(APNsOptions.valueOptions).union([
        "device", "environment", "bundle", "categories", "data", WorkspaceOption.name, "connect-timeout",
        "timeout",
        InputReader.option,
    ])
    static let flagOptions: Set<String> = ["strict", "force"]
    static let maximumDevices = 20
    static let usage = """
        pushboard send --device TOKEN [--device TOKEN …] --environment sandbox|production
            (--key FILE.p8 --key-id ID --team-id ID | --certificate FILE [--password-file FILE]) [HEADER OPTIONS] [FILE]

        Validates the payload in FILE (standard input for - or none) as `validate` does and, when it
        is valid and the credential doctor finds nothing that APNs would refuse, sends it to each
        device (at most 20) over one kept-alive HTTP/2 connection, and prints one line per device:
        the token, APNs' status and reason, apns-id, apns-unique-id, the round trip, and what it
        means and what to do. An invalid payload prints its report to stderr and nothing is sent.
          --device TOKEN         a device token (hex), repeatable, at most 20
          --bundle ID            with --channel-id: the app a broadcast is for (its path names it)
          --environment ENV      sandbox or production: where the devices' tokens come from (required)
          --force                send even when the doctor finds an error
          --connect-timeout S    seconds allowed to connect (default 5)
          --timeout S            seconds allowed per request (default 10)
          --categories FILE      category config to check "category" against (or --data DIR, --database URL)
          --strict               warnings count as errors
        \(APNsOptions.help)
        \(HeaderOptions.help)
        \(InputReader.help)
        Exit status: 0 every device accepted, 1 invalid payload, refused by the doctor or any device
        not accepted, 2 usage or I/O error.
        """

    static func run(_ given: ParsedArguments) throws -> Int32 {
        let arguments = try APNsOptions.withConfigFile(given)
        let input = try arguments.singleOperand()
        let broadcast = arguments["channel-id"]
        let devices = broadcast.map { [$0] } ?? arguments.list("device")
        if broadcast != nil {
            guard arguments["device"] == nil else {
                throw UsageError("a broadcast (--channel-id) goes to its channel: give no --device")
            }
            guard arguments["bundle"] != nil else {
                throw UsageError("a broadcast (--channel-id) needs --bundle ID")
            }
        }
        guard !devices.isEmpty else { throw UsageError("give at least one --device TOKEN") }
        guard devices.count <= maximumDevices else {
            throw UsageError("at most \(maximumDevices) devices per send, not \(devices.count)")
        }
        guard let environmentName = arguments["environment"] else {
            throw UsageError("--environment sandbox or --environment production is required (never guessed)")
        }
        guard let environment = APNsEnvironment(rawValue: environmentName) else {
            throw UsageError("--environment must be sandbox or production, not '\(environmentName)'")
        }
        let connectTimeout = try arguments.integer("connect-timeout", in: 1...60) ?? 5
        let requestTimeout = try arguments.integer("timeout", in: 1...120) ?? 10
        let endpoints = try APNsOptions.endpoints(arguments)
        // The payload first: an invalid one is refused before any credential is read.
        let analysis = PayloadAnalysis(
            payload: try readInput(input, maximumBytes: arguments.maximumInputBytes()),
            headers: HeaderOptions.headers(from: arguments), registry: try CategorySource(arguments).lookup(),
            strict: arguments.has("strict"))
        guard analysis.report.valid else {
            Console.error(analysis.report.text(file: input ?? "-"))
            Console.error("pushboard send: nothing was sent: the payload is invalid")
            return 1
        }
        let export = PayloadExport(analysis)
        let credential: APNsCredential
        do {
            credential = try APNsOptions.credential(arguments)
        } catch let failure as CredentialFailure {
            Console.error("pushboard send: \(failure.message)")
            return 1
        }
        // As the curl export: without an apns-push-type the push goes as `alert`, the type it
        // was validated as.
        var sent = export.headers
        sent.pushType = sent.pushType ?? APNsPushType.default.rawValue
        let headers = sent.fields
        // A broadcast sends no topic: the key's scope is checked against its bundle ID.
        let topic = sent.topic ?? arguments["bundle"] ?? ""
        let clock = APNsOptions.clock(endpoints)
        let findings = APNsCredentialDoctor.check(
            credential, environment: environment, topic: topic,
            pushType: broadcast == nil ? sent.pushType : nil,
            now: Date(), trustStore: APNsOptions.trustStore(endpoints))
        for finding in findings where finding.severity != .info {
            Console.error(APNsOptions.describe(finding))
        }
        if findings.contains(where: { $0.severity == .error }), !arguments.has("force") {
            Console.error(
                "pushboard send: nothing was sent: the doctor found what APNs would refuse (--force sends anyway)"
            )
            return 1
        }
        let sender = APNsSender(
            endpoints: endpoints, connectTimeout: .seconds(connectTimeout),
            requestTimeout: .seconds(requestTimeout),
            now: clock)
        var failed = false
        for device in devices {
            let push = APNsPush(
                deviceToken: device, environment: environment, headers: headers, body: export.json(),
                bundleID: arguments["bundle"])
            let answer = sender.send(push, using: credential)
            if !answer.delivered { failed = true }
            Console.say(AnswerLine.text(device: device, answer: answer))
        }
        return failed ? 1 : 0
    }
}

/// One device's answer as one line: `TOKEN: 410 Unregistered, apns-id …, 12 ms — meaning advice`.
enum AnswerLine {
    static func text(device: String, answer: APNsAnswer) -> String {
        var facts: [String] = []
        if let status = answer.status {
            facts.append(
                [String(status), answer.reason ?? (status == 200 ? "OK" : nil)].compactMap { $0 }.joined(
                    separator: " "))
        } else {
            facts.append("no answer")  // the explanation says why (not sent, timed out, TLS, …)
        }
        if let apnsID = answer.apnsID { facts.append("apns-id \(apnsID)") }
        if let uniqueID = answer.uniqueID { facts.append("apns-unique-id \(uniqueID)") }
        if let timestamp = answer.timestamp {
            facts.append("invalid since \(APNsAnswerExplainer.day(timestamp))")
        }
        let milliseconds =
            answer.roundTrip.components.seconds * 1000 + answer.roundTrip.components.attoseconds
            / 1_000_000_000_000_000
        facts.append("\(milliseconds) ms" + (answer.retried ? ", retried once" : ""))
        var line = "\(device): " + facts.joined(separator: ", ") + " — " + answer.explanation.meaning
        if !answer.explanation.advice.isEmpty { line += " " + answer.explanation.advice }
        if answer.explanation.offerRemoveDevice { line += " (remove this device)" }
        return line
    }
}
