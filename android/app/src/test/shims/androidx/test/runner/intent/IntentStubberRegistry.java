package androidx.test.runner.intent;

public final class IntentStubberRegistry {
    private static IntentStubber instance;

    private IntentStubberRegistry() {}

    public static void load(IntentStubber stubber) {
        instance = stubber;
    }

    public static boolean isLoaded() {
        return instance != null;
    }

    public static IntentStubber getInstance() {
        return instance;
    }
}
