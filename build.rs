// The shipped rules/ folder is built into the binary (include_dir); rebuild
// when any rule file changes.
fn main() {
    println!("cargo:rerun-if-changed=rules");
}
