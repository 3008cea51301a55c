// Stand-ins for the few androidx.test classes Robolectric 4.16 calls (androidx.test is on
// Google's Maven only, which this project cannot reach). Each keeps only what Robolectric uses.
package androidx.test.platform.app;

import android.app.Instrumentation;
import android.os.Bundle;

public final class InstrumentationRegistry {
    private static Instrumentation instrumentation;
    private static Bundle arguments;

    private InstrumentationRegistry() {}

    public static void registerInstance(Instrumentation i, Bundle args) {
        instrumentation = i;
        arguments = args;
    }

    public static Instrumentation getInstrumentation() {
        return instrumentation;
    }

    public static Bundle getArguments() {
        return arguments;
    }
}
