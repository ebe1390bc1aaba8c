package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.core.PipelineSettings;
import io.ringlog.docs.BeanAccessors;
import io.ringlog.docs.ConfigurationReference;
import io.ringlog.docs.ConfigurationReference.Framework;
import io.ringlog.docs.ReferenceCheck;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.core.config.plugins.PluginAliases;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginElement;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md tells the truth about {@code <RingAsync>}: every attribute of its plugin builder
 * ({@code @PluginBuilderAttribute} and {@code @PluginAttribute} fields, aliases included) and every element it declares
 * has a row in the Log4j2 table with the default a new builder has; the pipeline-settings table and the XML example
 * state the same defaults; and every status message quoted for Log4j2 is one the Log4j2 adapter or the core can emit.
 */
class ConfigurationReferenceTest {

    private static final String ATTRIBUTES = "attribute / element";
    private static final String MAPPING = "pipeline setting";
    private static final Pattern EXAMPLE_ELEMENT = Pattern.compile("<RingAsync\\s([^>]*)>");
    private static final Pattern EXAMPLE_ATTRIBUTE = Pattern.compile("(\\w+)=\"([^\"]*)\"");

    private final ConfigurationReference doc = ReferenceCheck.configurationMd();
    private final ReferenceCheck check = new ReferenceCheck(doc);

    @Test
    void everyAttributeHasARowWithTheDefaultOfANewBuilder() {
        Map<String, Object> defaults = new TreeMap<>();
        PipelineSettings produced = RingAsyncSettings.from(RingAsyncAppender.newBuilder().setName("DOCS"));
        for (Class<?> type = RingAsyncAppender.Builder.class; type != Object.class; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                Optional<String> attribute = attributeName(field);
                if (attribute.isPresent()) {
                    defaults.put(attribute.get(), checkAttribute(attribute.get(), field, produced));
                }
            }
        }
        ReferenceCheck.requireFound(defaults.keySet(), "<RingAsync>'s attributes");
        for (Field field : RingAsyncAppender.Builder.class.getDeclaredFields()) {
            PluginElement element = field.getAnnotation(PluginElement.class);
            if (element != null) {
                check.elementRow(ATTRIBUTES, "<" + element.value() + ">", "@PluginElement(\"" + element.value() + "\") " + field.getName());
            }
        }
        check.mappingRows(MAPPING, 2, 3, 1, defaults, "Log4j2");
        checkExample(defaults);
        check.assertNone();
    }

    @Test
    void everyQuotedMessageIsOneTheAdapterCanEmit() {
        int checked = check.quotedMessagesAgainstThisModule(Framework.LOG4J2, "log4j2-adapter");
        assertThat(checked).as("messages quoted for Log4j2 in %s", doc.name()).isGreaterThan(20);
        check.assertNone();
    }

    @Test
    void everyMessageQuotedInTheOtherPagesIsOneTheAdapterCanEmit() {
        int checked = ReferenceCheck.quotedMessagesInOtherPages(Framework.LOG4J2, "log4j2-adapter");
        assertThat(checked).as("messages quoted for Log4j2 outside %s", doc.name()).isPositive();
    }

    /** The attribute's row and default, and its aliases' place in that row; returns the default. */
    private Object checkAttribute(String attribute, Field field, PipelineSettings produced) {
        Optional<Method> getter = BeanAccessors.getter(RingAsyncAppender.Builder.class, attribute);
        if (getter.isEmpty()) {
            check.problem("RingAsyncAppender.Builder has no getter for the attribute `" + attribute + "` (field " + field.getName()
                    + "): add one, so that its default can be checked against " + doc.name());
            return null;
        }
        Object raw = BeanAccessors.invoke(getter.get(), RingAsyncAppender.newBuilder());
        Object effective = ReferenceCheck.effectiveDefault(attribute, raw, produced);
        check.propertyRow(ATTRIBUTES, attribute, 2, effective, "RingAsyncAppender.newBuilder()." + getter.get().getName() + "()"
                + (raw == null && effective != null ? " is unset, and the settings it produces say " + effective : ""));
        PluginAliases aliases = field.getAnnotation(PluginAliases.class);
        for (String alias : aliases == null ? new String[0] : aliases.value()) {
            check.aliasRow(ATTRIBUTES, alias, attribute);
        }
        return effective;
    }

    private static Optional<String> attributeName(Field field) {
        PluginBuilderAttribute builderAttribute = field.getAnnotation(PluginBuilderAttribute.class);
        if (builderAttribute != null) {
            return Optional.of(builderAttribute.value().isEmpty() ? field.getName() : builderAttribute.value());
        }
        PluginAttribute attribute = field.getAnnotation(PluginAttribute.class);
        return attribute == null ? Optional.empty() : Optional.of(attribute.value());
    }

    /** The XML example shows every attribute at its default (its values are what a bare {@code <RingAsync>} gets). */
    private void checkExample(Map<String, Object> defaults) {
        Matcher element = EXAMPLE_ELEMENT.matcher(doc.xmlExample("Log4j2", "XML").orElse(""));
        if (!element.find()) {
            check.problem(doc.name() + ", ## Log4j2 > ### XML: no xml block with a <RingAsync ...> element");
            return;
        }
        Matcher attribute = EXAMPLE_ATTRIBUTE.matcher(element.group(1));
        while (attribute.find()) {
            if (!attribute.group(1).equals("name")) {
                check.exampleValue("## Log4j2 > ### XML", attribute.group(1), attribute.group(2), defaults);
            }
        }
    }
}
