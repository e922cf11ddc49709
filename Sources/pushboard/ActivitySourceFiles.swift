import Foundation
import JSON

/// The files `activities import` (and `--activities`) read: each path as given, a folder as
/// every `.swift` file under it, in path order, so the types of a widget extension's folder
/// import together.
enum ActivitySourceFiles {
    /// The most files one import reads.
    static let maximumFiles = 256

    /// The files at `paths`, each with the name messages call it by.
    static func read(_ paths: [String]) throws -> [(name: String, bytes: [UInt8])] {
        var files: [(name: String, bytes: [UInt8])] = []
        for path in paths {
            var isFolder: ObjCBool = false
            if path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
                isFolder.boolValue
            {
                let found = swiftFiles(in: path)
                guard !found.isEmpty else {
                    throw InputOutputError(message: "the folder '\(path)' holds no .swift file")
                }
                for file in found { files.append((file, try readInput(file))) }
            } else {
                files.append((path, try readInput(path)))
            }
            guard files.count <= maximumFiles else {
                throw InputOutputError(message: "more than \(maximumFiles) files to import at once")
            }
        }
        return files
    }

    /// The file a diagnostic is about: the one its path names, else the first.
    static func file(of diagnostic: Diagnostic, in files: [(name: String, bytes: [UInt8])]) -> String {
        files.first { $0.name == diagnostic.path }?.name ?? files.first?.name ?? "-"
    }

    private static func swiftFiles(in folder: String) -> [String] {
        let base = URL(fileURLWithPath: folder)
        guard
            let walker = FileManager.default.enumerator(
                at: base, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [String] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let relative =
                url.path.hasPrefix(base.path + "/")
                ? String(url.path.dropFirst(base.path.count + 1)) : url.lastPathComponent
            found.append((folder.hasSuffix("/") ? folder : folder + "/") + relative)
        }
        return found.sorted()
    }
}
