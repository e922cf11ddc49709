extension String {
    /// The text with every scalar a terminal would act on instead of show written as a visible
    /// Swift-style escape (`\u{1B}`, `\u{202E}`): C0 controls, DEL, C1 controls, and the bidi
    /// embedding, override and isolate controls.
    ///
    /// Payload values reach the CLI's text output and the `text/plain` preview: a raw ESC there
    /// can retitle or reprogram the terminal (`"c\u{1B}]0;PWNED\u{07}"`), and U+202E makes the
    /// rest of a line read backwards. JSON output needs none of this (the writer escapes C0
    /// itself and keeps every other scalar exact).
    public var terminalSafe: String {
        guard unicodeScalars.contains(where: Self.isTerminalControl) else { return self }
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            guard Self.isTerminalControl(scalar) else {
                out.append(scalar)
                continue
            }
            out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
        }
        return String(out)
    }

    /// True for the scalars `terminalSafe` escapes: the one list of what a terminal acts on, so a
    /// test (or a writer that must refuse rather than escape) asks the same rule.
    public static func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
