import NotificationKit

/// `pushboard export`: the payload as JSON, a Simulator `.apns` file or a curl command — only
/// when it validates, so nothing invalid leaves the tool.
enum ExportCommand: Command {
    static let words = ["export"]
    static let valueOptions = HeaderOptions.names.union([
        "as", "bundle", "device-token", "categories", "data", WorkspaceOption.name, "environment",
        InputReader.option,
    ])
    static let flagOptions: Set<String> = ["strict"]
    static let usage = """
        pushboard export --as json|apns|curl [--bundle ID] [--device-token HEX] [HEADER OPTIONS] [FILE]

        Validates the payload in FILE (standard input for - or none) and, when it is valid, prints
        it as the exact JSON bytes (json), a file for `xcrun simctl push` (apns) or a curl command
        for APNs over HTTP/2 (curl). An invalid payload prints its report to stderr, exit 1.
          --as FORMAT          json, apns or curl (required)
          --bundle ID          the app's bundle id, as "Simulator Target Bundle" in the .apns file
                               (without it, give simctl the bundle id: xcrun simctl push booted ID FILE)
          --device-token HEX   the device token for the curl URL (default: a DEVICE_TOKEN placeholder)
          --environment ENV    sandbox (default) or production APNs host for curl
          --categories FILE    category config to check "category" against (or --data DIR, --database URL)
          --strict             warnings count as errors
        \(HeaderOptions.help)
        \(InputReader.help)
        """

    /// Said when `--as apns` has no `--bundle`: simctl cannot deliver such a file unless given
    /// the bundle ID on its own command line.
    static let noBundleNote =
        "pushboard export: note: without --bundle the file has no \"Simulator Target Bundle\", so "
        + "xcrun simctl push booted FILE cannot deliver it; give --bundle com.example.app, or run "
        + "xcrun simctl push booted com.example.app FILE"

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let input = try arguments.singleOperand()
        guard let format = arguments["as"], ["json", "apns", "curl"].contains(format) else {
            throw UsageError("--as json, --as apns or --as curl is required")
        }
        let environmentName = arguments["environment"] ?? "sandbox"
        guard let environment = PayloadExport.APNsEnvironment(rawValue: environmentName) else {
            throw UsageError("--environment must be sandbox or production, not '\(environmentName)'")
        }
        let headers = HeaderOptions.headers(from: arguments)
        let analysis = PayloadAnalysis(
            payload: try readInput(input, maximumBytes: arguments.maximumInputBytes()),
            headers: headers, registry: try CategorySource(arguments).lookup(),
            strict: arguments.has("strict"))
        guard analysis.report.valid else {
            Console.error(analysis.report.text(file: input ?? "-"))
            return 1
        }
        let export = PayloadExport(analysis)
        do {
            switch format {
            case "apns":
                let file = try export.simulatorFile(bundleIdentifier: arguments["bundle"])
                for warning in PayloadExport.simulatorWarnings(file: file, headers: export.headers) {
                    Console.error(CategoryConfigFile.describe(warning, in: input ?? "-"))
                }
                if arguments["bundle"] == nil { Console.error(Self.noBundleNote) }
                Console.outBytes(file)
            case "curl":
                Console.outBytes(
                    Array(
                        try export.curlCommand(
                            deviceToken: arguments["device-token"], environment: environment,
                            bundleIdentifier: arguments["bundle"]
                        ).utf8))
            default:
                Console.outBytes(export.json())
            }
        } catch {
            Console.error("pushboard export: \(error.description)")
            return 1
        }
        return 0
    }
}
