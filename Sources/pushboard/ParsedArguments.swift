import Foundation

/// The options and operands of one command, after checking them against what it accepts.
///
/// Commands declare which options take a value and which are flags; anything else is a usage
/// error (exit status 2) naming the offending option, so a typo never silently changes behaviour.
struct ParsedArguments {
    /// Options that take a value, by name without the leading dashes; the last one given wins.
    private(set) var values: [String: String] = [:]
    /// Every value given for each option, in order, for the options that may be repeated.
    private(set) var repeatedValues: [String: [String]] = [:]
    /// Flags that were given, by name without the leading dashes.
    private(set) var flags: Set<String> = []
    /// Operands in order (`-` stands for standard input).
    private(set) var operands: [String] = []

    /// Scans `arguments` (without the command words) against the accepted option names.
    init(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>) throws(UsageError) {
        var index = arguments.startIndex
        var onlyOperands = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if onlyOperands || !argument.hasPrefix("--") {
                if !onlyOperands, argument.hasPrefix("-"), argument != "-" {
                    if argument == "-h" {
                        flags.insert("help")
                        continue
                    }
                    throw UsageError("unknown option '\(argument)'")
                }
                operands.append(argument)
                continue
            }
            if argument == "--" {
                onlyOperands = true
                continue
            }
            let body = argument.dropFirst(2)
            let name: String
            var inlineValue: String?
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                inlineValue = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
            }
            if valueOptions.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else if index < arguments.endIndex {
                    values[name] = arguments[index]
                    index += 1
                } else {
                    throw UsageError("option '--\(name)' needs a value")
                }
                repeatedValues[name, default: []].append(values[name] ?? "")
            } else if flagOptions.contains(name) || name == "help" {
                guard inlineValue == nil else { throw UsageError("option '--\(name)' takes no value") }
                flags.insert(name)
            } else {
                throw UsageError("unknown option '--\(name)'")
            }
        }
    }

    /// The value of an option, if given.
    subscript(name: String) -> String? { values[name] }

    /// Every value of an option that may be repeated (`--trusted-proxy A --trusted-proxy B`),
    /// each also split at commas (`--trusted-proxy A,B`, or a config file's `trusted-proxy = A, B`).
    func list(_ name: String) -> [String] {
        (repeatedValues[name] ?? values[name].map { [$0] } ?? [])
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// Whether a flag was given.
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The value of an integer option within `range`, or a usage error naming the option.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                "option '--\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'"
            )
        }
        return number
    }

    /// The same arguments with `defaults` (a config file's settings) filling the value options
    /// the command line did not give: the command line always wins.
    func filling(_ defaults: [String: String]) -> ParsedArguments {
        var merged = self
        merged.values.merge(defaults) { given, _ in given }
        return merged
    }

    /// At most one operand: the input file, `-` or nothing meaning standard input.
    func singleOperand() throws(UsageError) -> String? {
        guard operands.count <= 1 else {
            throw UsageError(
                "expected at most one FILE, got \(operands.count): \(operands.joined(separator: " "))")
        }
        return operands.first
    }
}

/// A command line that does not fit the command: printed with the usage, exit status 2.
struct UsageError: Error {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
