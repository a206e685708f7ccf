import Foundation
import UnderstudyJSON

/// A spec file with every sibling file its `$ref`s reach, merged into one JSON document so that
/// every reference is a JSON pointer within it: each sibling's whole content goes under
/// `/x-understudy-files/N`, and references into it (and its own references) are rewritten to
/// point there. Recursion through files stays finite, as each file is merged once.
struct SpecBundle: Sendable {
    /// Where merged files go in the document.
    static let filesKey = "x-understudy-files"

    /// The merged document.
    let root: JSONValue
    /// Each file and the pointer its content sits at ("" for the main file).
    let files: [(prefix: String, file: SpecFile)]
    /// What was passed over: a `$ref` inside an `x-` extension that cannot be loaded. Extensions
    /// are not part of the contract, so they never stop a load.
    var warnings: [OpenAPISpecError] = []

    /// Whether a key is a specification extension (`x-logo`, `x-code-samples`), other than the
    /// merged files this type itself adds.
    static func isExtension(_ key: String) -> Bool {
        key.hasPrefix("x-") && key != filesKey
    }

    static func load(_ url: URL) throws(OpenAPISpecError) -> SpecBundle {
        var builder = Builder()
        let main = try SpecFile.read(url.standardizedFileURL)
        builder.files.append(("", main))
        builder.indexByPath[main.url.path] = 0
        var root = try builder.rewrite(main.root, in: 0) ?? main.root
        var queue = 1
        while queue < builder.files.count {
            // Each newly merged file is rewritten in turn; rewriting may merge more.
            let index = queue
            let fileRoot = builder.files[index].file.root
            builder.merged[index] = try builder.rewrite(fileRoot, in: index) ?? fileRoot
            queue += 1
        }
        if !builder.merged.isEmpty, case .object(var object) = root {
            let ordered = builder.merged.keys.sorted().map { builder.merged[$0]! }
            object[filesKey] = .array(ordered)
            root = .object(object)
        }
        let bundle = SpecBundle(root: root, files: builder.files, warnings: builder.warnings)
        var path: [String] = []
        try bundle.checkReferences(root, path: &path)
        return bundle
    }

    /// The file and line of a pointer into the merged document.
    func location(of pointer: String) -> (file: String, line: Int?, pointer: String) {
        for (prefix, file) in files.reversed() where !prefix.isEmpty && pointer.hasPrefix(prefix) {
            let inner = String(pointer.dropFirst(prefix.count))
            return (file.url.path, file.line(of: inner), inner)
        }
        return (files[0].file.url.path, files[0].file.line(of: pointer), pointer)
    }

    /// An error at `pointer`, placed in its file.
    func error(at pointer: String, _ reason: String) -> OpenAPISpecError {
        let place = location(of: pointer)
        return OpenAPISpecError(file: place.file, line: place.line, pointer: place.pointer, reason: reason)
    }

    /// Every `$ref` must lead somewhere: a dangling one fails loading, named. `path` is where
    /// `value` is, as keys and indices, made a pointer only for an error.
    private func checkReferences(_ value: JSONValue, path: inout [String]) throws(OpenAPISpecError) {
        switch value {
        case .object(let object):
            if let target = object["$ref"]?.stringValue {
                guard target.hasPrefix("#"), SpecPointer.resolve(String(target.dropFirst()), in: root) != nil else {
                    throw error(at: Self.pointer(path + ["$ref"]), "the $ref \"\(target)\" does not resolve")
                }
            }
            for member in object where member.key != "$ref" && !Self.isExtension(member.key) {
                path.append(member.key)
                try checkReferences(member.value, path: &path)
                path.removeLast()
            }
        case .array(let items):
            for (index, item) in items.enumerated() {
                path.append(String(index))
                try checkReferences(item, path: &path)
                path.removeLast()
            }
        default:
            break
        }
    }

    /// Keys and indices as a JSON pointer.
    static func pointer(_ path: [String]) -> String {
        path.map { "/" + YAMLReader.escape($0) }.joined()
    }

    private struct Builder {
        var files: [(prefix: String, file: SpecFile)] = []
        var indexByPath: [String: Int] = [:]
        var merged: [Int: JSONValue] = [:]
        var warnings: [OpenAPISpecError] = []

        /// The pointer prefix of file `index` in the merged document.
        func prefix(of index: Int) -> String {
            index == 0 ? "" : "/\(SpecBundle.filesKey)/\(index - 1)"
        }

        /// Where the value being rewritten is, as keys and indices, made a pointer only for an error.
        var path: [String] = []
        var pointer: String { SpecBundle.pointer(path) }

        /// `value` with its references made pointers into the merged document; nil when nothing
        /// in it changes (a file's references to itself in the main file), so it is not copied.
        mutating func rewrite(_ value: JSONValue, in index: Int) throws(OpenAPISpecError) -> JSONValue? {
            switch value {
            case .object(let object):
                var members: [JSONObject.Member]?
                let inDiscriminator = path.last == "discriminator"
                for (offset, member) in object.members.enumerated() {
                    path.append(member.key)
                    let replaced: JSONValue?
                    if member.key == "$ref", let target = member.value.stringValue {
                        let rewritten = try reference(target, in: index)
                        replaced = rewritten == target ? nil : .string(rewritten)
                    } else if member.key == "mapping", inDiscriminator, case .object(let mapping) = member.value {
                        replaced = try rewriteMapping(mapping, in: index)
                    } else if SpecBundle.isExtension(member.key) {
                        replaced = rewriteExtension(member.value, in: index)
                    } else {
                        replaced = try rewrite(member.value, in: index)
                    }
                    path.removeLast()
                    if let replaced {
                        if members == nil { members = object.members }
                        members?[offset].value = replaced
                    }
                }
                return members.map { .object(JSONObject($0)) }
            case .array(let items):
                var result: [JSONValue]?
                for (offset, item) in items.enumerated() {
                    path.append(String(offset))
                    let replaced = try rewrite(item, in: index)
                    path.removeLast()
                    if let replaced {
                        if result == nil { result = items }
                        result?[offset] = replaced
                    }
                }
                return result.map { .array($0) }
            default:
                return nil
            }
        }

        /// An extension's value rewritten as any other, except that a reference in it that cannot
        /// be loaded is a warning, and the extension is left as written.
        mutating func rewriteExtension(_ value: JSONValue, in index: Int) -> JSONValue? {
            let depth = path.count
            do {
                return try rewrite(value, in: index)
            } catch {
                path.removeLast(path.count - depth)
                var warning = error
                warning.reason +=
                    " (in the extension \(path.last ?? ""), which is not part of the contract: left as written)"
                warnings.append(warning)
                return nil
            }
        }

        /// A discriminator's mapping with its references (not its bare schema names) made pointers
        /// into the merged document, as `$ref`s are; nil when none changes.
        mutating func rewriteMapping(_ mapping: JSONObject, in index: Int) throws(OpenAPISpecError) -> JSONValue? {
            var members: [JSONObject.Member]?
            for (offset, member) in mapping.members.enumerated() {
                guard let target = member.value.stringValue, Self.isReference(target) else { continue }
                path.append(member.key)
                let rewritten = try reference(target, in: index)
                path.removeLast()
                if rewritten != target {
                    if members == nil { members = mapping.members }
                    members?[offset].value = .string(rewritten)
                }
            }
            return members.map { .object(JSONObject($0)) }
        }

        /// Whether a mapping value is a reference rather than a schema name.
        static func isReference(_ target: String) -> Bool {
            target.contains("#") || target.contains("/") || target.hasSuffix(".yaml") || target.hasSuffix(".yml")
                || target.hasSuffix(".json")
        }

        /// `target` as a pointer into the merged document, merging the file it names if need be.
        mutating func reference(_ target: String, in index: Int) throws(OpenAPISpecError) -> String {
            let file = files[index].file
            let hash = target.firstIndex(of: "#")
            let filePart = String(target[..<(hash ?? target.endIndex)])
            let fragment = hash.map { String(target[target.index(after: $0)...]) } ?? ""
            guard !filePart.isEmpty else { return "#" + prefix(of: index) + fragment }
            guard !filePart.contains("://") else {
                throw OpenAPISpecError(
                    file: file.url.path, line: file.line(of: pointer), pointer: pointer,
                    reason:
                        "the $ref \"\(target)\" is remote; only references within the file or to sibling files are supported"
                )
            }
            let url = URL(fileURLWithPath: filePart, relativeTo: file.url.deletingLastPathComponent())
                .standardizedFileURL
            let other: Int
            if let known = indexByPath[url.path] {
                other = known
            } else {
                let loaded: SpecFile
                do {
                    loaded = try SpecFile.read(url)
                } catch {
                    throw OpenAPISpecError(
                        file: file.url.path, line: file.line(of: pointer), pointer: pointer,
                        reason: "the $ref \"\(target)\" cannot be loaded: \(error)")
                }
                other = files.count
                files.append((prefix(of: other), loaded))
                indexByPath[url.path] = other
            }
            return "#" + prefix(of: other) + fragment
        }
    }
}
