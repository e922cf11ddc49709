import Foundation
import PackagePlugin

/// Embeds the target's `ShapingFonts/*.ttf` (written by scripts/fonts/make-woff2.py from the
/// WOFF2 subsets the page serves) as `ShapingFontFiles.encoded`, so the preview engine shapes
/// Arabic and Devanagari with exactly the browser's fonts and the binary needs no font files.
///
/// It reuses ResourceEmbedder (base64 literals compile fast); the file list is part of the
/// command, so adding or removing a font reruns it.
@main
struct EmbedShapingFonts: BuildToolPlugin {
    /// The embedding command, rerun when a font changes.
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = target.directoryURL
        let folder = root.appending(path: "ShapingFonts")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let relativePaths = names.filter { $0.hasSuffix(".ttf") }.sorted().map { "ShapingFonts/\($0)" }
        let output = context.pluginWorkDirectoryURL.appending(path: "ShapingFontFiles+Table.swift")
        let embedder = try context.tool(named: "ResourceEmbedder")
        return [
            .buildCommand(
                displayName: "Embedding the shaping fonts of \(target.name)",
                executable: embedder.url,
                arguments: ["--extend", "ShapingFontFiles", output.path, root.path] + relativePaths,
                inputFiles: relativePaths.map { root.appending(path: $0) },
                outputFiles: [output]
            )
        ]
    }
}
