package dev.slidepuzzle.app

import android.graphics.Rect
import android.os.Build
import android.view.View
import android.view.WindowInsets
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.android.controller.ActivityController
import org.robolectric.annotation.Config

/**
 * The system bars and the window's insets on the oldest levels the app runs on as well as the
 * newest: API 26 (no light navigation bar), 29 (flags, not the insets controller) and 35.
 */
@RunWith(RobolectricTestRunner::class)
@Config(sdk = [26, 29, 35], qualifiers = "w411dp-h891dp-port-xxhdpi")
class SystemBarsTest {
    private var activity: ActivityController<MainActivity>? = null

    private fun launch(): MainActivity = launchActivity().also { activity = it }.get()

    @After
    fun tearDown() {
        activity?.pause()?.stop()?.destroy()
    }

    private fun MainActivity.themeFlag(attr: Int): Boolean =
        theme.obtainStyledAttributes(intArrayOf(attr)).run { getBoolean(0, false).also { recycle() } }

    @Test
    fun inLightModeTheBarsDrawDarkIconsOnEveryLevel() {
        val a = launch()
        assertTrue("light status bar in the theme", a.themeFlag(android.R.attr.windowLightStatusBar))
        if (Build.VERSION.SDK_INT >= 27) {
            assertTrue("light navigation bar from API 27 (values-v27)", a.themeFlag(android.R.attr.windowLightNavigationBar))
        } else {
            assertEquals("API 26: a dark scrim behind the white navigation buttons", a.getColor(R.color.navigation_scrim), a.window.navigationBarColor)
        }
        if (Build.VERSION.SDK_INT < 30) {
            @Suppress("DEPRECATION")
            val flags = a.window.decorView.systemUiVisibility
            assertTrue("the light status flag survives edge to edge", flags and View.SYSTEM_UI_FLAG_LIGHT_STATUS_BAR != 0)
            assertTrue("drawn under the bars", flags and View.SYSTEM_UI_FLAG_LAYOUT_FULLSCREEN != 0)
            if (Build.VERSION.SDK_INT >= 27) assertTrue(flags and View.SYSTEM_UI_FLAG_LIGHT_NAVIGATION_BAR != 0)
        }
    }

    @Test
    @Config(qualifiers = "+night")
    fun inNightModeTheBarsDrawLightIcons() {
        val a = launch()
        assertTrue(!a.themeFlag(android.R.attr.windowLightStatusBar))
        if (Build.VERSION.SDK_INT < 30) {
            @Suppress("DEPRECATION")
            val flags = a.window.decorView.systemUiVisibility
            assertEquals(0, flags and (View.SYSTEM_UI_FLAG_LIGHT_STATUS_BAR or View.SYSTEM_UI_FLAG_LIGHT_NAVIGATION_BAR))
        }
    }

    @Test
    fun theGameScreenKeepsClearOfTheBars() {
        val a = launch()
        val c = a.controller
        c.selectSize(3)
        c.chooseBuiltin("sunset")
        waitFor(what = "the game") { c.state.screen == Screen.GAME }
        c.tap(8)
        val d = a.resources.displayMetrics.density
        val top = (32 * d).toInt()
        val bottom = (48 * d).toInt()
        val decor = a.window.decorView
        decor.dispatchApplyWindowInsets(barInsets(top, bottom))
        idle()
        decor.requestLayout()
        idle()
        fun bounds(id: Int) = Rect().also { a.view<View>(id).getGlobalVisibleRect(it) }
        assertTrue("the bar's Back below the status bar: ${bounds(R.id.back)}", bounds(R.id.back).top >= top)
        assertTrue("Shuffle above the navigation bar: ${bounds(R.id.shuffle)}", bounds(R.id.shuffle).bottom <= decor.height - bottom)
        assertTrue(bounds(R.id.board).top >= top)
    }

    /** A status bar of [top] and a navigation bar of [bottom] pixels, on each level's API. */
    private fun barInsets(top: Int, bottom: Int): WindowInsets =
        if (Build.VERSION.SDK_INT >= 30) {
            WindowInsets.Builder()
                .setInsets(WindowInsets.Type.statusBars(), android.graphics.Insets.of(0, top, 0, 0))
                .setInsets(WindowInsets.Type.navigationBars(), android.graphics.Insets.of(0, 0, 0, bottom))
                .build()
        } else {
            // Before API 30 the platform builds insets from one rectangle (a hidden constructor).
            WindowInsets::class.java.getDeclaredConstructor(Rect::class.java).apply { isAccessible = true }
                .newInstance(Rect(0, top, 0, bottom))
        }
}
