#!/usr/bin/env bash
# Compiles and links the app's res/ with aapt2 for the JVM build (android/pom.xml), as the
# Android Gradle plugin does for unit tests with includeAndroidResources:
#   OUT/generated-sources/r/…/R.java      the R class the app's code uses
#   OUT/resources.ap_                     the compiled resources and manifest
#   OUT/merged/AndroidManifest.xml        the manifest with its package and SDK levels filled in
#   OUT/generated-test-resources/com/android/tools/test_config.properties
#                                         where Robolectric finds the three above
# Usage: resources.sh FRAMEWORK_JAR OUT_DIR
# FRAMEWORK_JAR holds the framework's resources.arsc to link against. Debian's aapt2 (Android 10)
# cannot read the API-35 table, so the pom hands it API 29's; public framework resource IDs are
# frozen, so an app linked against 29 runs on 35 (targetSdk stays 35, from the manifest).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
framework=${1:?usage: resources.sh FRAMEWORK_JAR OUT_DIR}
out=${2:?usage: resources.sh FRAMEWORK_JAR OUT_DIR}
package=dev.slidepuzzle.app
min_sdk=26
target_sdk=35
if ! command -v aapt2 >/dev/null; then
  echo "resources.sh: aapt2 is needed (Debian: apt-get install aapt)" >&2
  exit 1
fi
mkdir -p "$out/merged" "$out/generated-sources/r" "$out/generated-test-resources/com/android/tools"
# The manifest as AGP merges it: the package from the namespace, ${applicationId} replaced, the
# SDK levels from app/build.gradle.kts (checked equal by the tests). Debian's aapt2 links against
# API 29's attribute table, which lacks two newer application attributes: they are left out of
# the JVM build's manifest only (dataExtractionRules is 31, enableOnBackInvokedCallback 33; the
# APK keeps both, and ProjectTest checks the source manifest has them).
sed -e 's| android:dataExtractionRules="[^"]*"||' -e 's| android:enableOnBackInvokedCallback="[^"]*"||' \
  -e "s|<manifest |<manifest package=\"$package\" |" \
  -e "s|\${applicationId}|$package|g" \
  -e "s|<application|<uses-sdk android:minSdkVersion=\"$min_sdk\" android:targetSdkVersion=\"$target_sdk\" />\n    <application|" \
  "$here/app/src/main/AndroidManifest.xml" >"$out/merged/AndroidManifest.xml"
rm -f "$out/res.zip"
aapt2 compile --dir "$here/app/src/main/res" -o "$out/res.zip"
rm -rf "$out/generated-sources/r"
aapt2 link -I "$framework" --manifest "$out/merged/AndroidManifest.xml" \
  --java "$out/generated-sources/r" --custom-package "$package" --auto-add-overlay \
  --min-sdk-version "$min_sdk" --target-sdk-version "$target_sdk" --warn-manifest-validation \
  -o "$out/resources.ap_" "$out/res.zip"
cat >"$out/generated-test-resources/com/android/tools/test_config.properties" <<PROPS
android_resource_apk=$out/resources.ap_
android_merged_manifest=$out/merged/AndroidManifest.xml
android_merged_assets=$out/merged/assets
android_custom_package=$package
PROPS
mkdir -p "$out/merged/assets"
