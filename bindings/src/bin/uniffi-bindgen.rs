//! `uniffi-bindgen`: generates the Kotlin and Swift bindings from the built library
//! (`scripts/bindgen.sh` runs it).
fn main() {
    uniffi::uniffi_bindgen_main()
}
